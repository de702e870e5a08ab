package serialbench.parallel.spring

import org.junit.jupiter.api.Test
import serialbench.parallel.spring.ParallelJsonHttpMessageConverter
import serialbench.parallel.structure.PackageGraph

/** No package of this module's main code depends on itself through others. */
class PackageCyclesTest {
    @Test
    fun `the packages of this module form no cycle`() =
        PackageGraph.of(ParallelJsonHttpMessageConverter::class.java).assertNoCycles()
}
