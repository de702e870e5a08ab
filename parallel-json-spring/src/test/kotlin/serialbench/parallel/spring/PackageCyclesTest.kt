package serialbench.parallel.spring

import org.junit.jupiter.api.Test
import serialbench.parallel.structure.PackageGraph
import serialbench.parallel.spring.ParallelJsonHttpMessageConverter

/** No package of this module's main code depends on itself through others. */
class PackageCyclesTest {
    @Test
    fun `the packages of this module form no cycle`() = PackageGraph.of(ParallelJsonHttpMessageConverter::class.java).assertNoCycles()
}
