package serialbench.parallel.ktor

import org.junit.jupiter.api.Test
import serialbench.parallel.api.ApiDump

/** The public API of parallel-json-ktor is the one checked in at `parallel-json-ktor/api/parallel-json-ktor.api`. */
class ApiDumpTest {
    @Test
    fun `the public API is the one checked in`() =
        ApiDump.checkModule("parallel-json-ktor", ParallelJsonConverter::class.java)
}
