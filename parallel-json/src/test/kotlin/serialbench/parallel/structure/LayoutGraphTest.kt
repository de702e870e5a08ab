package serialbench.parallel.structure

import org.junit.jupiter.api.Test
import serialbench.parallel.ParallelJson

/** docs/layout.md shows the library's package graph as the compiled classes have it ([LayoutTable]). */
class LayoutGraphTest {
    @Test
    fun `docs layout shows the package graph of the library as compiled`() =
        LayoutTable("library-graph").assertShows(PackageGraph.of(ParallelJson::class.java))
}
