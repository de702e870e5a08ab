package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.CodecPair
import serialbench.results.Operation
import serialbench.results.ResultRow

@Order(TestOrder.UNIT)
class DocumentSetTableTest {
    private val pairs = listOf(CodecPair("kotlinx-json-parallel", "kotlinx-json"))

    /** A row of [codec] on [shape], five forks around [nanos]. */
    private fun row(codec: String, shape: String, operation: Operation, nanos: Long): ResultRow = ReportFixtures.forked(
        ReportFixtures.row(codec, codec, operation, 1, nanos.toDouble(), 40_000).copy(shape = shape),
        List(5) { nanos + it * nanos / 200 },
    )

    private fun rendered(rows: List<ResultRow>) = buildString { DocumentSetTable.render(this, rows, pairs) }

    @Test
    fun `each document, mode and operation gets its verdict, and the worst ratio is named with its cell`() {
        val rows = listOf(
            row("kotlinx-json", "timeline-40kb/class", Operation.SERIALIZE, 2_000_000),
            row("kotlinx-json-parallel", "timeline-40kb/class", Operation.SERIALIZE, 1_000_000),
            row("kotlinx-json", "card-1kb/tree", Operation.DESERIALIZE, 9_000),
            row("kotlinx-json-parallel", "card-1kb/tree", Operation.DESERIALIZE, 12_000),
        )
        val text = rendered(rows)
        assertThat(text).startsWith("## The document set\n")
        val cells = text.lines().filter { it.startsWith("| `") }.map { line -> line.split("|").map { it.trim() } }
        assertThat(cells.map { it.subList(1, 5) }).containsExactly(
            listOf("`timeline-40kb`", "class", "39.1 KiB", "serialize"),
            listOf("`card-1kb`", "tree", "39.1 KiB", "deserialize"),
        )
        assertThat(cells.map { it[9] }).containsExactly("🟢 2.00x faster", "🔴 0.75x (slower)")
        assertThat(text).contains(
            "**Worst ratio of the set: 🔴 0.75x (slower)** (`kotlinx-json-parallel` over `kotlinx-json` on " +
                "`card-1kb/tree`, deserialize); 1 of 2 cells below 0.95x: `card-1kb/tree` deserialize 🔴 0.75x (slower).",
        )
    }

    @Test
    fun `a cell below the floor timed while the JIT compiled the parallel codec's code says so`() {
        val rows = listOf(
            row("kotlinx-json", "catalog-1700kb-indent4/class", Operation.SERIALIZE, 400_000).copy(jitTimeMillis = 5),
            row("kotlinx-json-parallel", "catalog-1700kb-indent4/class", Operation.SERIALIZE, 600_000)
                .copy(jitTimeMillis = 389),
            row("kotlinx-json", "card-1kb/tree", Operation.DESERIALIZE, 9_000).copy(jitTimeMillis = 150),
            row("kotlinx-json-parallel", "card-1kb/tree", Operation.DESERIALIZE, 12_000).copy(jitTimeMillis = 180),
        )
        assertThat(rendered(rows)).contains(
            "2 of 2 cells below 0.95x: `catalog-1700kb-indent4/class` serialize 🔴 0.67x (slower), timed while the " +
                "JIT compiled for 389 ms; `card-1kb/tree` deserialize 🔴 0.75x (slower).",
        )
    }

    @Test
    fun `a cell below the floor whose forks chose differently gives each fork's split of all`() {
        val rows = listOf(
            row("kotlinx-json", "catalog-1700kb-indent4/class", Operation.DESERIALIZE, 2_500_000),
            row("kotlinx-json-parallel", "catalog-1700kb-indent4/class", Operation.DESERIALIZE, 2_800_000)
                .copy(listsSplit = listOf(2L, 142, 60, 2, 123), listsWhole = listOf(6L, 138, 60, 6, 117)),
            row("kotlinx-json", "card-1kb/class", Operation.SERIALIZE, 9_000),
            row("kotlinx-json-parallel", "card-1kb/class", Operation.SERIALIZE, 12_000)
                .copy(listsSplit = List(5) { 100L }, listsWhole = List(5) { 0L }),
        )
        assertThat(rendered(rows)).contains(
            "2 of 2 cells below 0.95x: `catalog-1700kb-indent4/class` deserialize 🔴 0.89x (slower), split per fork " +
                "2/8, 142/280, 60/120, 2/8, 123/240; `card-1kb/class` serialize 🔴 0.75x (slower).",
        )
    }

    @Test
    fun `disturbed forks mark a cell they decided, and a cell below the floor gives its ratio without them`() {
        val base = ReportFixtures.row("kotlinx-json", "kotlinx-json", Operation.DESERIALIZE, 1, 2_800.0, 945)
            .copy(shape = "card-1kb/tree")
        val rows = listOf(
            ReportFixtures.forked(base, listOf(2_800L, 2_810, 2_790, 2_805, 2_795)),
            // the parallel codec's first fork ran while the machine was slower: 5.0 us against 2.8 us
            ReportFixtures.forked(
                base.copy(codec = "kotlinx-json-parallel", codecName = "kotlinx-json-parallel"),
                listOf(5_000L, 2_780, 2_790, 2_770, 2_785),
            ),
        )
        val marked = buildString {
            DocumentSetTable.render(this, rows, pairs, setOf("kotlinx-json-parallel" to 1))
        }
        // the verdict is "same" with the fork and without it: not decided by it, but the cell below the floor says
        // what the other forks gave
        assertThat(marked).contains(
            "| ⚪ 0.87x, same |",
            "1 of 1 cells below 0.95x: `card-1kb/tree` deserialize ⚪ 0.87x, same, 1.01x without the forks marked †.",
        ).doesNotContain(ForkDisturbance.DECIDED_NOTE)
        assertThat(rendered(rows)).doesNotContain("†")
        val everyFork = buildString {
            DocumentSetTable.render(this, rows, pairs, (1..5).map { "kotlinx-json-parallel" to it }.toSet())
        }
        assertThat(everyFork).contains(
            "| ⚪ 0.87x, same † |",
            ForkDisturbance.DECIDED_NOTE,
            "`card-1kb/tree` deserialize ⚪ 0.87x, same, every fork of a codec marked †.",
        )
    }

    @Test
    fun `a set whose every cell is at least the floor says so`() {
        val rows = listOf(
            row("kotlinx-json", "columns-10mb/tree", Operation.SERIALIZE, 1_000_000),
            row("kotlinx-json-parallel", "columns-10mb/tree", Operation.SERIALIZE, 1_020_000),
        )
        assertThat(rendered(rows)).contains("; no cell below 0.95x.")
    }

    @Test
    fun `a run without the set, or with only one codec of a pair, renders nothing`() {
        assertThat(rendered(emptyList())).isEmpty()
        assertThat(rendered(listOf(row("kotlinx-json", "card-1kb/class", Operation.SERIALIZE, 3_000)))).isEmpty()
    }
}
