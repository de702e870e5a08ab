package serialbench.parallel.structure

import org.assertj.core.api.Assertions.assertThat
import java.io.File

/**
 * A package graph as docs/layout.md shows it: one row per package, those that use nothing below them first, between
 * `<!-- name:begin -->` and `<!-- name:end -->`. Each module's `LayoutGraphTest` checks its own section;
 * `-Dserialbench.writeDocs=true` rewrites a section that differs from the classes.
 */
class LayoutTable(
    /** The section's name in the file. */
    private val name: String,
    /** Folders of one package each (`codecs`: `codecs.kotlinxjson`, ...) shown as one row (`codecs.*`). */
    private val folders: List<String> = emptyList(),
    private val file: File = File("docs/layout.md"),
) {
    /** Fails unless the section shows [graph], or rewrites it when asked to. */
    fun assertShows(graph: PackageGraph) {
        val text = file.readText()
        val begin = "<!-- $name:begin -->"
        val end = "<!-- $name:end -->"
        val start = text.indexOf(begin)
        val finish = text.indexOf(end)
        assertThat(start).describedAs("$begin in $file").isNotNegative()
        assertThat(finish).describedAs("$end in $file").isGreaterThan(start)
        val expected = render(graph.edges)
        val actual = text.substring(start + begin.length, finish)
        if (System.getProperty("serialbench.writeDocs") == "true" && actual != expected) {
            file.writeText(text.substring(0, start + begin.length) + expected + text.substring(finish))
            return
        }
        assertThat(actual).describedAs("the graph in $file; -Dserialbench.writeDocs=true rewrites it")
            .isEqualTo(expected)
    }

    private fun node(name: String): String = folders.firstOrNull { name.startsWith("$it.") }?.let { "$it.*" } ?: name

    /** The table of [edges], packages of other modules left out. */
    fun render(edges: Map<String, Set<String>>): String {
        val nodes = sortedMapOf<String, MutableSet<String>>()
        for ((from, targets) in edges) {
            val set = nodes.getOrPut(node(from)) { sortedSetOf() }
            for (to in targets) if (node(to) != node(from)) set += node(to)
        }
        for (uses in nodes.values) uses.retainAll(nodes.keys)
        val placed = mutableListOf<String>()
        while (placed.size < nodes.size) {
            val ready = nodes.filter { (name, uses) -> name !in placed && placed.containsAll(uses) }.keys
            check(ready.isNotEmpty()) {
                "a cycle among " +
                    (nodes - placed.toSet()).entries.joinToString("; ") { (k, v) -> "$k uses ${v - placed.toSet()}" }
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
