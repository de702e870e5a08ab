package serialbench.http

import org.junit.jupiter.api.Test
import serialbench.http.HttpBenchmark
import serialbench.parallel.structure.PackageGraph

/** No package of this module's main code depends on itself through others. */
class PackageCyclesTest {
    @Test
    fun `the packages of this module form no cycle`() = PackageGraph.of(HttpBenchmark::class.java).assertNoCycles()
}
