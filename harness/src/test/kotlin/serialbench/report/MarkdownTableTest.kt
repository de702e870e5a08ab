package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class MarkdownTableTest {
    @Test
    fun `cells are padded to their column, text to the left and numbers to the right`() {
        val table = MarkdownTable(listOf(left("Codec"), right("Mean")))
        table.row("`jackson`", "1.00 ms")
        table.row("`kotlinx-json-parallel`", "12,345.67 ms")
        assertThat(buildString { table.appendTo(this) }).isEqualTo(
            """
            || Codec                   |         Mean |
            ||:------------------------|-------------:|
            || `jackson`               |      1.00 ms |
            || `kotlinx-json-parallel` | 12,345.67 ms |
            |
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `a row must have a cell per column`() {
        assertThatThrownBy { MarkdownTable(listOf(left("A"), left("B"))).row("only one") }
            .hasMessage("row has 1 cells, table has 2 columns: [only one]")
    }

    @Test
    fun `a table's time unit is the largest that keeps its smallest mean at least 1`() {
        assertThat(TimeScale.forSmallest(950.0).format(1_234_567.0)).isEqualTo("1,234,567.00 ns")
        assertThat(TimeScale.forSmallest(19_000.0).format(19_000.0)).isEqualTo("19.00 us")
        assertThat(TimeScale.forSmallest(19_000.0).format(1_317_000_000.0)).isEqualTo("1,317,000.00 us")
        assertThat(TimeScale.forSmallest(120_000_000.0).format(1_317_000_000.0)).isEqualTo("1,317.00 ms")
        assertThat(TimeScale.forSmallest(2e9).format(2.5e9)).isEqualTo("2.50 s")
    }
}
