package serialbench.parallel.ktor

import java.io.File
import org.junit.jupiter.api.Test
import serialbench.parallel.api.ApiDump

/** The public API of parallel-json-ktor is the one checked in at `parallel-json-ktor/api/parallel-json-ktor.api`. */
class ApiDumpTest {
    @Test
    fun `the public API is the one checked in`() {
        val classes = File(ParallelJsonConverter::class.java.protectionDomain.codeSource.location.toURI())
        val module = "parallel-json-ktor"
        ApiDump.check(File("$module/api/$module.api"), ApiDump.of(classes, javaClass.classLoader), module)
    }
}
