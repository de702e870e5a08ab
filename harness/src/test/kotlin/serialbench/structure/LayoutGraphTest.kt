package serialbench.structure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import serialbench.cli.Main
import serialbench.parallel.structure.PackageGraph
import java.io.File

/**
 * docs/layout.md shows the harness's package graph as the compiled classes have it, one row per package (the
 * codec, shape and binding folders each as one row), those that depend on nothing above them first.
 * `-Dserialbench.writeDocs=true` rewrites the section from the classes.
 */
class LayoutGraphTest {
    @Test
    fun `docs layout shows the package graph of the harness as compiled`() {
        val file = File("docs/layout.md")
        val text = file.readText()
        val start = text.indexOf(BEGIN)
        val end = text.indexOf(END)
        assertThat(start).describedAs("$BEGIN in $file").isNotNegative()
        assertThat(end).describedAs("$END in $file").isGreaterThan(start)
        val expected = render(PackageGraph.of(Main::class.java).edges)
        val actual = text.substring(start + BEGIN.length, end)
        if (System.getProperty("serialbench.writeDocs") == "true" && actual != expected) {
            file.writeText(text.substring(0, start + BEGIN.length) + expected + text.substring(end))
            return
        }
        assertThat(
            actual,
        ).describedAs("the graph in $file; -Dserialbench.writeDocs=true rewrites it").isEqualTo(expected)
    }

    private companion object {
        const val BEGIN = "<!-- package-graph:begin -->"
        const val END = "<!-- package-graph:end -->"
        val FOLDERS = listOf("codecs", "shapes", "bindings")

        /** A folder of one package per codec, shape or binding as one node: `codecs.*`. */
        fun node(name: String): String = FOLDERS.firstOrNull { name.startsWith("$it.") }?.let { "$it.*" } ?: name

        fun render(edges: Map<String, Set<String>>): String {
            val nodes = sortedMapOf<String, MutableSet<String>>()
            for ((from, targets) in edges) {
                val set = nodes.getOrPut(node(from)) { sortedSetOf() }
                for (to in targets) if (node(to) != node(from)) set += node(to)
            }
            // Packages of other modules (the library's) are not rows of this module's graph.
            for (uses in nodes.values) uses.retainAll(nodes.keys)
            val placed = mutableListOf<String>()
            while (placed.size < nodes.size) {
                val ready = nodes.filter { (name, uses) -> name !in placed && placed.containsAll(uses) }.keys
                check(ready.isNotEmpty()) {
                    "a cycle among " +
                        (nodes - placed.toSet()).entries.joinToString("; ") { (k, v) ->
                            "$k uses ${v - placed.toSet()}"
                        }
                }
                placed += ready
            }
            val rows = placed.joinToString("\n") { name ->
                val uses = nodes.getValue(name)
                "| `$name` | ${if (uses.isEmpty()) "" else uses.joinToString(", ") { "`$it`" }} |"
            }
            return "\n| package | uses |\n|---|---|\n$rows\n"
        }
    }
}
