package serialbench.parallel.spring

import org.junit.jupiter.api.Test
import serialbench.parallel.api.ApiDump

/** The public API of parallel-json-spring is the one checked in at `api/parallel-json-spring.api`. */
class ApiDumpTest {
    @Test
    fun `the public API is the one checked in`() =
        ApiDump.checkModule("parallel-json-spring", ParallelJsonHttpMessageConverter::class.java)
}
