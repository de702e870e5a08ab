package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.report.ReportFixtures.sampled
import serialbench.report.ReportFixtures.spread
import serialbench.results.Operation
import serialbench.results.ResultRow

/**
 * Faster and slower in the report only where the repetitions differ significantly: rows whose means differ but whose
 * repetitions interleave are "same", wherever the report compares two rows.
 */
@Order(TestOrder.UNIT)
class VerdictsTest {
    /** The fixture's rows at N = 1,000 replaced by [multi] and [single] repetitions, both operations alike. */
    private fun results(multi: List<Long>, single: List<Long>) = ReportFixtures.results.copy(
        results = ReportFixtures.results.results.map { row ->
            when {
                row.size != 1000 -> row
                row.codec == "kotlinx-json" -> sampled(row, single)
                else -> sampled(row, multi)
            }
        },
    )

    // means 3% apart, repetitions interleaved: no test can tell them apart
    private val interleaved = results(multi = spread(1_000_000), single = spread(1_030_000))

    // every repetition of one below every repetition of the other
    private val apart = results(multi = spread(500_000), single = spread(1_000_000))

    @Test
    fun `ParallelJson is called faster than Json only where the repetitions differ significantly`() {
        val report = MarkdownReport.render(interleaved)
        assertThat(report.substringAfter("### Serialization").substringBefore("### Deserialization"))
            .contains("|        995 us |       1.02 ms | -29.9 us (-2.9%) | ⚪ 1.03x, same ")
            .doesNotContain("faster |")
        assertThat(MarkdownReport.render(apart))
            .contains("|        498 us |        995 us | -498 us (-50.0%) | 🟢 2.00x faster ")
    }

    @Test
    fun `no operation is said to gain more from threads unless the difference is significant`() {
        assertThat(MarkdownReport.render(interleaved)).doesNotContain("gains more")
    }

    @Test
    fun `intervals that reach below zero make no operation gain more, whichever speedup is larger`() {
        // errors larger than the means, as with a few spread repetitions: the bounds of each speedup are 0 and infinity
        val wide = ReportFixtures.results.copy(
            results = ReportFixtures.results.results.map { it.copy(errorNanos = it.meanNanos * 2) },
        )
        assertThat(MarkdownReport.render(wide)).doesNotContain("gains more")
            .contains(
                "- Neither operation is shown to gain more from threads (1.38x for serialization, 1.44x for deserialization; their 99.9% bounds overlap).\n",
            )
    }

    @Test
    fun `the fastest by mean is not called fastest alone when the runner-up is faster in most repetitions`() {
        // most repetitions of the multithreaded rows at half the time, a few at ten times: a higher mean, faster ranks
        val lifted = results(multi = spread(500_000).dropLast(3) + List(3) { 20_000_000L }, single = spread(1_000_000))
        assertThat(MarkdownReport.render(lifted)).contains(
            "- Serialization at N = 1,000: `kotlinx-json` (995 us) by mean; but `kotlinx-json-parallel` " +
                "(3.42 ms) is faster in most repetitions (median 503 us against 995 us, Mann-Whitney U, p < " +
                "0.001): a few slow repetitions lift its mean.\n",
        )
    }

    @Test
    fun `the fastest codec is not called faster than a runner-up it does not differ from`() {
        assertThat(MarkdownReport.render(interleaved))
            .contains(
                "- Serialization at N = 1,000: `kotlinx-json-parallel` (995 us), not significantly faster than `kotlinx-json` (1.02 ms).\n",
            )
        assertThat(MarkdownReport.render(apart))
            .contains("- Serialization at N = 1,000: `kotlinx-json-parallel` (498 us).\n")
    }

    @Test
    fun `a run is not slower than the previous one when one outlier moves the mean but not the repetitions`() {
        val before = sampled(row(), spread(1_000_000))
        val now = sampled(row(), spread(1_000_000).dropLast(1) + 4_000_000L)
        // the mean moved by 15%, and with an error this small the intervals would be apart
        assertThat(now.meanNanos / before.meanNanos).isGreaterThan(1.14)
        val rendered = buildString {
            RunComparison.render(
                this,
                ReportFixtures.results.copy(results = listOf(before.copy(errorNanos = 1_000.0))),
                ReportFixtures.results.copy(results = listOf(now.copy(errorNanos = 1_000.0))),
            )
        }
        assertThat(rendered).doesNotContain("slower |").contains("| same ")
    }

    private fun row(): ResultRow = ReportFixtures.row("jackson", "Jackson", Operation.SERIALIZE, 1000, 1_000_000.0, 100)
}
