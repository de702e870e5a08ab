package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.report.ReportFixtures.sampled
import serialbench.report.ReportFixtures.spread
import serialbench.results.Stability

@Order(TestOrder.UNIT)
class CiSummaryTest {
    private val previous = ReportFixtures.results.copy(
        results = ReportFixtures.results.results.mapIndexed { index, row ->
            sampled(row, spread(1_000_000L * (index + 1)))
        },
    )

    @Test
    fun `the summary counts rows compared, regressions and improvements as the gate judges them, and the stability`() {
        val changed = previous.results.mapIndexed { index, row ->
            when (index) {
                0 -> sampled(row, spread(1_300_000))
                1 -> sampled(row, spread(1_000_000))
                else -> row
            }
        }
        val current = previous.copy(
            environment = previous.environment.copy(
                benchProperties = previous.environment.benchProperties + ("bench.baseline.failOn" to "10.0"),
            ),
            results = changed.dropLast(1),
            stability = Stability("a loop", 21, 1_000_000.0, 1_250_000.0),
        )
        assertThat(CiSummary.render(current, previous)).isEqualTo(
            """
            |## Benchmark summary
            |
            |- Rows measured: 7.
            |- Rows compared with the previous run (2026-11-22T21:00:00Z): 7 (only in this run: 0, only in the previous run: 1).
            |- Regressions, significantly slower by more than 10% (`bench.baseline.failOn`): 1, the run fails.
            |  - kotlinx-json serialize, shape flat, N = 10: mean 995 us -> 1.29 ms (+30.0%), p < 0.0001 (Mann-Whitney U)
            |- Improvements, significantly faster by more than 10% (`bench.baseline.failOn`): 1.
            |  - kotlinx-json deserialize, shape flat, N = 10: mean 1.99 ms -> 995 us (-50.0%), p < 0.0001 (Mann-Whitney U)
            |- ⚠️ Machine stability: the reference workload (a loop, median of 21) took 1.00 ms at the start of the run and 1.25 ms at the end: end/start 1.25x. The machine's speed moved by more than 10% during the run: differences between figures measured at different times may come from the machine, not the code.
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `without a previous run the summary says so, and a steady machine gets no warning`() {
        val steady = previous.copy(stability = Stability("a loop", 21, 1_000_000.0, 1_050_000.0))
        assertThat(CiSummary.render(steady, null))
            .contains("- No previous run to compare with (`bench.baseline.results` not given).\n")
            .contains(
                "- Machine stability: the reference workload (a loop, median of 21) took 1.00 ms at the start of the run and 1.05 ms at the end: end/start 1.05x.\n",
            )
            .doesNotContain("⚠️")
        assertThat(CiSummary.render(ReportFixtures.results, null)).contains("- Machine stability: not recorded")
    }

    @Test
    fun `the report states the stability after the test conditions, and leaves it out for older files`() {
        val report = MarkdownReport.render(previous.copy(stability = Stability("a loop", 21, 1_000_000.0, 800_000.0)))
        assertThat(report.substringAfter("## Machine stability\n\n").substringBefore("\n"))
            .startsWith("⚠️ Machine stability: ").contains("end/start 0.80x")
        assertThat(report.indexOf("## Machine stability"))
            .isGreaterThan(report.indexOf("## Test conditions")).isLessThan(report.indexOf("## Summary by size"))
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain("## Machine stability")
    }

    @Test
    fun `the table walk's stability follows the hash's, with its own warning where it moved, none in older files`() {
        val hashSteady = Stability("a loop", 21, 1_000_000.0, 1_020_000.0)
        val walkMoved = Stability("a walk", 11, 1_000_000.0, 1_600_000.0)
        val current = previous.copy(stability = hashSteady, walkStability = walkMoved)
        val walkLine = "- ⚠️ The table walk (a walk, median of 11), code like a codec's parsing that a neighbour " +
            "busy on the same core slows where it hardly slows the hash above, took 1.00 ms at the start and 1.60 ms " +
            "at the end: end/start 1.60x. The machine's speed for such code moved by more than 10% during the run: " +
            "forks of one codec may differ by as much, and a difference of that size between codecs may be the " +
            "machine's.\n"
        assertThat(CiSummary.render(current, null))
            .contains("- Machine stability: the reference workload (a loop", walkLine)
            .doesNotContain("- ⚠️ Machine stability")
        val report = MarkdownReport.render(current).substringAfter("## Machine stability\n\n")
        assertThat(report.substringBefore("\n")).startsWith("Machine stability: ")
        assertThat(report.substringAfter("\n\n").substringBefore("\n")).startsWith("⚠️ The table walk (a walk")
        val walkSteady = previous.copy(stability = hashSteady, walkStability = walkMoved.copy(endNanos = 1_050_000.0))
        assertThat(CiSummary.render(walkSteady, null)).contains("- The table walk (a walk").doesNotContain("⚠️")
        assertThat(CiSummary.render(previous.copy(stability = hashSteady), null)).doesNotContain("table walk")
    }
}
