package serialbench.parallel.structure

import org.junit.jupiter.api.Test
import serialbench.parallel.ParallelJson

/** No package of this module's main code depends on itself through others. */
class PackageCyclesTest {
    @Test
    fun `the packages of this module form no cycle`() = PackageGraph.of(ParallelJson::class.java).assertNoCycles()
}
