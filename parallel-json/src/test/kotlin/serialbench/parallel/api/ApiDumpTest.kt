package serialbench.parallel.api

import java.io.File
import org.junit.jupiter.api.Test
import serialbench.parallel.ParallelJson

/** The public API of parallel-json is the one checked in at `parallel-json/api/parallel-json.api`. */
class ApiDumpTest {
    @Test
    fun `the public API is the one checked in`() {
        val classes = File(ParallelJson::class.java.protectionDomain.codeSource.location.toURI())
        ApiDump.check(File("parallel-json/api/parallel-json.api"), ApiDump.of(classes, javaClass.classLoader), "parallel-json")
    }
}
