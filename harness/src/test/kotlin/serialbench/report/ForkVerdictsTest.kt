package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.measure.Significance
import serialbench.measure.Significance.Direction
import serialbench.report.ReportFixtures.forked
import serialbench.report.ReportFixtures.sampled
import serialbench.report.ReportFixtures.spread
import serialbench.report.RunComparison.Verdict
import serialbench.results.BenchmarkResults
import serialbench.results.Operation
import serialbench.results.ResultRow

/**
 * Verdicts on rows measured in several JVMs (synthetic fork means, in microseconds, each fork's repetitions within
 * 1% of its mean): faster or slower only where every fork says so, wherever two rows are compared.
 */
@Order(TestOrder.UNIT)
class ForkVerdictsTest {
    private val template = ReportFixtures.row("jackson", "Jackson", Operation.SERIALIZE, 1000, 1_000_000.0, 100)

    private fun forks(vararg micros: Long): ResultRow = forked(template, micros.map { it * 1000 })

    private fun oneJvm(micros: Long): ResultRow = sampled(template, spread(micros * 1000))

    private fun run(row: ResultRow): BenchmarkResults = ReportFixtures.results.copy(results = listOf(row))

    @ParameterizedTest(name = "{0}")
    @MethodSource("forkCases")
    fun `a row is slower or faster than another only where every fork is`(
        case: String,
        row: ResultRow,
        reference: ResultRow,
        expected: Direction,
    ) {
        assertThat(Significance.compare(row, reference).direction).isEqualTo(expected)
    }

    @Test
    fun `repetitions that differ significantly are the same when the forks overlap`() {
        // every fork of one row but its fastest above every fork of the other: the pooled repetitions differ
        val difference = Significance.compare(forks(150, 160, 200), forks(100, 105, 155))
        assertThat(difference.pValue).isNotNull().isLessThan(Significance.ALPHA)
        assertThat(difference.direction).isEqualTo(Direction.SAME)
        assertThat(difference.withinForkSpread).isTrue()
        assertThat(RunComparison.verdict(forks(100, 105, 155), forks(150, 160, 200)))
            .isEqualTo(Verdict.WITHIN_FORK_SPREAD)
    }

    @Test
    fun `compare calls forks that disagree as much as the change the same, and every fork slower a regression`() {
        assertThat(RunComparison.verdict(forks(110, 180, 100), forks(100, 190, 105))).isEqualTo(Verdict.SAME)
        assertThat(RunComparison.verdict(forks(100, 102, 99), forks(200, 205, 198))).isEqualTo(Verdict.REGRESSION)
        assertThat(RunComparison.verdict(forks(200, 205, 198), forks(100, 102, 99))).isEqualTo(Verdict.IMPROVEMENT)
        val rendered = buildString {
            RunComparison.render(this, run(forks(100, 105, 155)), run(forks(150, 160, 200)))
        }
        assertThat(rendered)
            .contains("; with two forks or more, also every fork's mean beyond every fork mean of the other row)")
            .contains("0 slower, 0 faster, 0 significant but below the threshold, 0 the same, 1 the same within")
            .contains("| same, within the forks' spread |")
    }

    @Test
    fun `the gate passes a rerun whose JVMs spread as much as the change, though its repetitions differ`() {
        // the same code, three JVMs each run: the rerun's mean is 43% higher, two of its JVMs slower than any before
        val previous = run(forks(1330, 1750, 1380))
        val rerun = run(forks(2670, 2330, 1400))
        val pair = RunComparison.pairs(previous, rerun).single()
        assertThat(pair.changeFraction).isGreaterThan(0.4)
        assertThat(pair.difference.pValue).isNotNull().isLessThan(Significance.ALPHA)
        assertThat(RegressionGate.regressions(previous, rerun, failOnPercent = 10.0)).isEmpty()
    }

    @Test
    fun `the gate fails a change of twice the time on every fork, and says every fork was slower`() {
        val previous = run(forks(100, 102, 99))
        val current = run(forks(200, 205, 198))
        val regression = RegressionGate.regressions(previous, current, failOnPercent = 10.0).single()
        assertThat(regression.changePercent).isBetween(99.0, 103.0)
        assertThat(RegressionGate.line(regression))
            .endsWith("(Mann-Whitney U), every fork's mean beyond the other run's")
        assertThat(RegressionGate.improvements(current, previous, percent = 10.0)).hasSize(1)
    }

    @Test
    fun `ParallelJson is not called faster than Json when their forks overlap`() {
        fun withForks(multi: List<Long>, single: List<Long>) = ReportFixtures.results.copy(
            results = ReportFixtures.results.results.map { row ->
                when {
                    row.size != 1000 -> row
                    row.codec == "kotlinx-json" -> forked(row, single)
                    else -> forked(row, multi)
                }
            },
        )
        val overlapping = MarkdownReport.render(
            withForks(listOf(600_000, 650_000, 1_050_000), listOf(1_000_000, 1_100_000, 1_050_000)),
        )
        assertThat(overlapping.substringAfter("## ParallelJson vs Json").substringBefore("## Charts"))
            .contains(", same (within the forks' spread) |")
            .doesNotContain("faster |")
        val apart = MarkdownReport.render(
            withForks(listOf(500_000, 520_000, 510_000), listOf(1_000_000, 1_100_000, 1_050_000)),
        )
        assertThat(apart.substringAfter("## ParallelJson vs Json").substringBefore("## Charts")).contains("x faster |")
    }

    companion object {
        private val self = ForkVerdictsTest()

        @JvmStatic
        fun forkCases(): List<Arguments> = with(self) {
            listOf(
                Arguments.of(
                    "forks that disagree as much as the difference: the same",
                    forks(100, 190, 105),
                    forks(110, 180, 100),
                    Direction.SAME,
                ),
                Arguments.of(
                    "every fork slower: slower",
                    forks(200, 205, 198),
                    forks(100, 102, 99),
                    Direction.SLOWER,
                ),
                Arguments.of(
                    "every fork faster: faster",
                    forks(100, 102, 99),
                    forks(200, 205, 198),
                    Direction.FASTER,
                ),
                Arguments.of(
                    "one fork of three overlapping the other row's: the same",
                    forks(150, 160, 200),
                    forks(100, 105, 155),
                    Direction.SAME,
                ),
                Arguments.of(
                    "a row of one JVM beyond every fork of the other: slower",
                    oneJvm(200),
                    forks(100, 102, 99),
                    Direction.SLOWER,
                ),
                Arguments.of(
                    "a row of one JVM within the other's forks: the same",
                    oneJvm(150),
                    forks(100, 190, 105),
                    Direction.SAME,
                ),
                Arguments.of(
                    "two rows of one JVM each: the repetitions alone decide",
                    oneJvm(200),
                    oneJvm(100),
                    Direction.SLOWER,
                ),
            )
        }
    }
}
