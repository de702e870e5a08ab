package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.CodecPair
import serialbench.results.Operation
import serialbench.results.ResultRow

@Order(TestOrder.UNIT)
class CeilingTableTest {
    private val pairs = listOf(CodecPair("kotlinx-json-parallel", "kotlinx-json"))

    private fun row(codec: String, operation: Operation, medianNanos: Double, forkMeans: List<Double> = emptyList()) =
        ReportFixtures.row(codec, codec, operation, 1_000, medianNanos, 100)
            .copy(medianNanos = medianNanos, forks = forkMeans.size, forkMeansNanos = forkMeans)

    private fun rendered(rows: List<ResultRow>, ceiling: List<ResultRow>) =
        buildString { CeilingTable.render(this, rows, ceiling, pairs) }

    /** The cells of the table's last row. */
    private fun lastRow(text: String): List<String> =
        text.lines().last { it.startsWith("|") }.trim('|').split("|").map { it.trim() }

    @Test
    fun `the ceiling is the calls of a round times one call alone over a round, the speedup shown as its share`() {
        val rows = listOf(
            row("kotlinx-json", Operation.DESERIALIZE, 3_300_000.0),
            row("kotlinx-json-parallel", Operation.DESERIALIZE, 2_200_000.0),
        )
        val alone = row("kotlinx-json", Operation.DESERIALIZE, 3_000_000.0, listOf(2_900_000.0, 3_100_000.0))
            .copy(concurrentCalls = 1)
        val round = row("kotlinx-json", Operation.DESERIALIZE, 4_000_000.0, listOf(4_000_000.0, 3_100_000.0))
            .copy(concurrentCalls = 2)
        val text = rendered(rows, listOf(alone, round))
        assertThat(text).startsWith("## The ceiling of a split\n\nEach parallel codec's engine on 2 threads at once")
        // 2 x 3.0 / 4.0 = 1.50x; per fork 2 x 2.9 / 4.0 = 1.45x and 2 x 3.1 / 3.1 = 2.00x; speedup from the rows above
        // 3.3 / 2.2 = 1.50x.
        assertThat(lastRow(text)).containsExactly(
            "`kotlinx-json`", "`flat`", "1,000", "deserialize", "3.00 ms", "4.00 ms", "1.50x", "1.45x-2.00x",
            "`kotlinx-json-parallel`", "1.50x", "100%",
        )
    }

    @Test
    fun `a round without its call alone or its parallel codec's row says what is missing, one JVM says so`() {
        val round = row("kotlinx-json", Operation.SERIALIZE, 4_000_000.0).copy(concurrentCalls = 2)
        assertThat(lastRow(rendered(emptyList(), listOf(round)))).containsExactly(
            "`kotlinx-json`", "`flat`", "1,000", "serialize", "-", "4.00 ms", "-", "-", "-", "-", "-",
        )
        val alone = row("kotlinx-json", Operation.SERIALIZE, 3_000_000.0).copy(concurrentCalls = 1)
        assertThat(lastRow(rendered(listOf(alone.copy(concurrentCalls = null)), listOf(alone, round))).drop(4))
            .containsExactly("3.00 ms", "4.00 ms", "1.50x", "one JVM", "-", "-", "-")
    }

    @Test
    fun `a run without rounds renders nothing`() {
        val alone = row("kotlinx-json", Operation.SERIALIZE, 3_000_000.0)
        assertThat(rendered(listOf(alone), emptyList())).isEmpty()
        assertThat(rendered(listOf(alone), listOf(alone.copy(concurrentCalls = 1)))).isEmpty()
    }
}
