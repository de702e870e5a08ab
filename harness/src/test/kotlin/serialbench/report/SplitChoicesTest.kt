package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.Operation

@Order(TestOrder.UNIT)
class SplitChoicesTest {
    private fun row(codec: String, size: Int, split: List<Long>, whole: List<Long>) =
        ReportFixtures.row(codec, codec, Operation.SERIALIZE, size, 1_000_000.0, 100)
            .copy(listsSplit = split, listsWhole = whole)

    private fun rendered(vararg rows: serialbench.results.ResultRow) = buildString {
        SplitChoices.render(this, rows.toList())
    }

    @Test
    fun `rows whose forks read some lists whole are listed with each fork's choices`() {
        val text = rendered(
            row("kotlinx-json-parallel", 100, listOf(20, 0, 20), listOf(0, 20, 0)),
            row("kotlinx-json-parallel", 1000, listOf(20, 20, 20), listOf(0, 0, 0)),
            row("jackson", 100, emptyList(), emptyList()),
        )
        assertThat(text).isEqualTo(
            """
            |## Split choices
            |
            |A parallel codec splits a list or map long enough to split only where it predicts a gain, from what it measured in its JVM; the others it reads or writes whole. Split of all, in each fork's timed calls, where some fork read or wrote whole (the other rows of `kotlinx-json-parallel` split all): a row whose forks differ here measured different work in each.
            |
            || Codec                   | Shape  |   N | Operation |     Split per fork |
            ||:------------------------|:-------|----:|:----------|-------------------:|
            || `kotlinx-json-parallel` | `flat` | 100 | serialize | 20/20, 0/20, 20/20 |
            |
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `when every fork split everything one sentence says so, and a run without parallel codecs says nothing`() {
        val text = rendered(row("fastjson2-parallel", 1000, listOf(20, 20), listOf(0, 0)))
        assertThat(text).contains("In every row of `fastjson2-parallel`, every fork split each of them (40 in all).")
        assertThat(text).doesNotContain("|")
        assertThat(rendered(row("jackson", 100, emptyList(), emptyList()))).isEmpty()
    }

    @Test
    fun `when every row read some lists whole, no other rows are said to have split all`() {
        val text = rendered(row("fastjson2-parallel", 1000, listOf(20, 0), listOf(0, 20)))
        assertThat(text).contains("where some fork read or wrote whole: a row whose forks differ")
        assertThat(text).doesNotContain("the other rows")
        assertThat(text).contains(" 20/20, 0/20 |")
    }
}
