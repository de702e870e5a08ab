package serialbench.structure

import org.junit.jupiter.api.Test
import serialbench.cli.Main
import serialbench.parallel.structure.PackageGraph

/** No package of this module's main code depends on itself through others. */
class PackageCyclesTest {
    @Test
    fun `the packages of this module form no cycle`() = PackageGraph.of(Main::class.java).assertNoCycles()
}
