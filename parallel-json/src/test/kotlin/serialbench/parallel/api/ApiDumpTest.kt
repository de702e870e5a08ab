package serialbench.parallel.api

import org.junit.jupiter.api.Test
import serialbench.parallel.ParallelJson

/** The public API of parallel-json is the one checked in at `parallel-json/api/parallel-json.api`. */
class ApiDumpTest {
    @Test
    fun `the public API is the one checked in`() = ApiDump.checkModule("parallel-json", ParallelJson::class.java)
}
