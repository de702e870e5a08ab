package serialbench.jmh

import org.junit.jupiter.api.Test
import serialbench.jmh.JmhCrossCheck
import serialbench.parallel.structure.PackageGraph

/** No package of this module's main code depends on itself through others. */
class PackageCyclesTest {
    @Test
    fun `the packages of this module form no cycle`() = PackageGraph.of(JmhCrossCheck::class.java).assertNoCycles()
}
