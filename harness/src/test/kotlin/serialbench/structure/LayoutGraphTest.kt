package serialbench.structure

import org.junit.jupiter.api.Test
import serialbench.cli.Main
import serialbench.parallel.structure.LayoutTable
import serialbench.parallel.structure.PackageGraph

/**
 * docs/layout.md shows the harness's package graph as the compiled classes have it, one row per package (the
 * codec, shape and binding folders each as one row), those that depend on nothing above them first
 * ([LayoutTable]).
 */
class LayoutGraphTest {
    @Test
    fun `docs layout shows the package graph of the harness as compiled`() = LayoutTable(
        "package-graph",
        listOf("codecs", "shapes", "bindings"),
    ).assertShows(PackageGraph.of(Main::class.java))
}
