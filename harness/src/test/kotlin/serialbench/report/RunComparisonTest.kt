package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.report.RunComparison.Verdict
import serialbench.results.ForkMachine
import serialbench.results.Operation
import serialbench.results.Stability

@Order(TestOrder.UNIT)
class RunComparisonTest {
    private val before = ReportFixtures.row("jackson", "Jackson", Operation.SERIALIZE, 1000, 1_000_000.0, 100)
        .copy(errorNanos = 50_000.0)

    @Test
    fun `a change is flagged only where the confidence intervals do not overlap`() {
        assertThat(RunComparison.verdict(before, before.copy(meanNanos = 1_090_000.0, errorNanos = 50_000.0)))
            .isEqualTo(Verdict.SAME)
        assertThat(RunComparison.verdict(before, before.copy(meanNanos = 1_110_000.0, errorNanos = 50_000.0)))
            .isEqualTo(Verdict.REGRESSION)
        assertThat(RunComparison.verdict(before, before.copy(meanNanos = 890_000.0, errorNanos = 50_000.0)))
            .isEqualTo(Verdict.IMPROVEMENT)
        // intervals apart, but a change of 2% is below the default 10% threshold, and above a 1% one
        val tight = before.copy(errorNanos = 1_000.0)
        assertThat(RunComparison.verdict(tight, tight.copy(meanNanos = 1_020_000.0))).isEqualTo(Verdict.BELOW_THRESHOLD)
        assertThat(RunComparison.verdict(tight, tight.copy(meanNanos = 1_020_000.0), thresholdPercent = 1.0))
            .isEqualTo(Verdict.REGRESSION)
        // a wide interval now covers the old one: not a regression, whatever the means say
        assertThat(RunComparison.verdict(before, before.copy(meanNanos = 1_300_000.0, errorNanos = 400_000.0)))
            .isEqualTo(Verdict.SAME)
    }

    @Test
    fun `runs with other settings are compared all the same, with a warning that names what differs`() {
        val environment = ReportFixtures.environment
        val other = environment.copy(
            jvmFlags = listOf("-Xmx2g"),
            benchProperties = environment.benchProperties +
                mapOf("bench.codecs" to "kotlinx-json", "bench.baseline.results" to "a.json"),
        )
        assertThat(RunComparison.settingsDifferences(environment, environment)).isEmpty()
        assertThat(RunComparison.settingsDifferences(environment, other)).containsExactly("`bench.codecs`", "JVM flags")
        val rendered = buildString {
            RunComparison.render(this, ReportFixtures.results.copy(environment = other), ReportFixtures.results)
        }
        assertThat(rendered).contains(
            "⚠️ The runs differ in `bench.codecs`, JVM flags: a change below may come from that, not from the code. " +
                "Codecs share the JVM, so even the set of codecs run moves the others' figures.\n",
        )
    }

    @Test
    fun `without an error on either side the verdict is unknown, not a regression`() {
        assertThat(RunComparison.verdict(before.copy(errorNanos = null), before.copy(meanNanos = 2_000_000.0)))
            .isEqualTo(Verdict.UNKNOWN)
        assertThat(RunComparison.verdict(before, before.copy(meanNanos = 2_000_000.0, errorNanos = null)))
            .isEqualTo(Verdict.UNKNOWN)
    }

    @Test
    fun `rows are matched by codec, operation and size, and unmatched rows are counted`() {
        val previous = ReportFixtures.results.copy(
            results = listOf(ReportFixtures.results.results[0].copy(meanNanos = 20_100.0)),
        )
        val rendered = buildString { RunComparison.render(this, previous, ReportFixtures.results) }
        assertThat(rendered).isEqualTo(
            """
            |## Compared with a previous run
            |
            |Previous run: 2026-11-22T21:00:00Z, Test CPU, JVM flags `-Xmx8g -XX:+UseG1GC`.
            |
            |Change is this run's mean over the previous mean, minus 1. Slower or faster only where the rows differ significantly (Mann-Whitney U test on the repetitions, p < 0.001; where a file does not store them, 99.9% confidence intervals of the mean that do not overlap; p is the Mann-Whitney test's, `-` where the intervals decided) and the change is at least 10% (`bench.baseline.threshold`): 0 slower, 0 faster, 0 significant but below the threshold, 1 the same; rows only in this run: 7, only in the previous run: 0.
            |
            || Codec          | Operation |   N |         Previous |         This run | Change |   p | Verdict |
            ||:---------------|:----------|----:|-----------------:|-----------------:|-------:|----:|:--------|
            || `kotlinx-json` | serialize |  10 | 20.1 us ± 200 ns | 20.0 us ± 200 ns |  -0.5% |   - | same    |
            |
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `decodes from a stream are compared decoder by decoder`() {
        val tokenLoop = ReportFixtures.streaming.single { it.decoder == "token-loop" && it.size == 10 }
        val current = ReportFixtures.results.copy(results = emptyList(), streaming = listOf(tokenLoop))
        val previous = current.copy(
            streaming = listOf(tokenLoop.copy(meanNanos = 30_000.0), tokenLoop.copy(decoder = "mapper")),
        )
        val rendered = buildString { RunComparison.render(this, previous, current) }
        assertThat(rendered)
            .contains("rows only in this run: 0, only in the previous run: 1.")
            .contains(
                "| `jackson/token-loop` | decode from a stream |  10 | 30.0 us ± 200 ns | 20.0 us ± 200 ns | -33.3% |   - | 🟢 faster |",
            )
    }

    @Test
    fun `the comparison says when the two runs' machines ran the reference workload at other speeds`() {
        fun forks(nanos: Double) = listOf(1, 2, 3).map { ForkMachine("jackson", it, nanos, nanos * 1.02, 1_000, 0, 0) }
        val previous = ReportFixtures.results.copy(forkMachines = forks(2_000_000.0))

        val slower =
            buildString { RunComparison.render(this, previous, previous.copy(forkMachines = forks(2_600_000.0))) }
        assertThat(slower).contains(
            "⚠️ Machine: the reference workload took 2.63 ms in this run and 2.02 ms in the previous one (the median " +
                "over each run's forks): this/previous 1.30x. The machine ran at another speed",
        )
        val alike =
            buildString { RunComparison.render(this, previous, previous.copy(forkMachines = forks(2_100_000.0))) }
        assertThat(alike).contains("this/previous 1.05x.").doesNotContain("⚠️ Machine")

        // runs without fork records compare the benchmark JVM's timings; a file with neither says nothing of it
        val steady = ReportFixtures.results.copy(stability = Stability("a loop", 21, 1_000_000.0, 1_000_000.0))
        val inProcess = buildString { RunComparison.render(this, steady, steady) }
        assertThat(inProcess).contains("(the benchmark JVM's, start and end): this/previous 1.00x.")
        val older = buildString { RunComparison.render(this, ReportFixtures.results, ReportFixtures.results) }
        assertThat(older).doesNotContain("Machine:")
    }
}
