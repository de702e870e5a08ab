package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.report.ReportFixtures.sampled
import serialbench.report.ReportFixtures.spread
import serialbench.results.BenchmarkResults
import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.results.ResultRow

/** The `bench.baseline.failOn` gate on synthetic runs: significance and size of the change, both required. */
@Order(TestOrder.UNIT)
class RegressionGateTest {
    private val template: ResultRow = ReportFixtures.row(
        "jackson",
        "Jackson",
        Operation.SERIALIZE,
        1000,
        1_000_000.0,
        100,
    )

    private fun run(vararg durations: List<Long>): BenchmarkResults = ReportFixtures.results.copy(
        results = durations.mapIndexed { index, it -> sampled(template.copy(size = 1000 * (index + 1)), it) },
    )

    /** 20 repetitions within 20 ns of [nanos]: a spread so small that 5% apart is significant. */
    private fun tight(nanos: Long): List<Long> = (0 until 20).map { nanos + it }

    @Test
    fun `an unchanged rerun does not fail, even with a limit of 0%`() {
        val previous = run(spread(1_000_000), spread(3_000_000))
        val rerun = run(spread(1_000_000).reversed(), spread(3_000_000).shuffled(kotlin.random.Random(0)))
        assertThat(RegressionGate.regressions(previous, rerun, failOnPercent = 0.0)).isEmpty()
    }

    @Test
    fun `a row significantly slower by more than the limit fails, and only that row`() {
        val previous = run(spread(1_000_000), spread(3_000_000))
        val current = run(spread(1_200_000), spread(3_000_000))
        val regressions = RegressionGate.regressions(previous, current, failOnPercent = 10.0)
        assertThat(regressions.map { it.current.size }).containsExactly(1000)
        assertThat(regressions.single().changePercent).isBetween(19.9, 20.1)
        assertThat(regressions.single().pValue).isNotNull().isLessThan(0.001)
        assertThat(RegressionGate.regressions(previous, current, failOnPercent = 25.0)).isEmpty()
    }

    @Test
    fun `a significant change below the limit does not fail, nor does an improvement`() {
        val previous = run(tight(1_000_000))
        val slower = run(tight(1_050_000))
        assertThat(RegressionGate.regressions(previous, slower, failOnPercent = 10.0)).isEmpty()
        assertThat(RegressionGate.regressions(previous, slower, failOnPercent = 4.0)).hasSize(1)
        val faster = run(tight(500_000))
        assertThat(RegressionGate.regressions(previous, faster, failOnPercent = 0.0)).isEmpty()
        assertThat(RegressionGate.improvements(previous, faster, percent = 10.0)).hasSize(1)
    }

    @Test
    fun `a mean moved by one outlier, past the limit, does not fail`() {
        val previous = run(spread(1_000_000))
        val current = run(spread(1_000_000).dropLast(1) + 4_000_000L)
        assertThat(current.results.single().meanNanos / previous.results.single().meanNanos).isGreaterThan(1.14)
        assertThat(RegressionGate.regressions(previous, current, failOnPercent = 10.0)).isEmpty()
    }

    @Test
    fun `a previous file without repetitions is judged by its intervals`() {
        val previous = run(spread(1_000_000)).let {
            it.copy(results = it.results.map { row -> row.copy(durationsNanos = emptyList()) })
        }
        val current = run(spread(1_200_000))
        val regression = RegressionGate.regressions(previous, current, failOnPercent = 10.0).single()
        assertThat(regression.pValue).isNull()
        val unknown = previous.copy(results = previous.results.map { it.copy(errorNanos = null) })
        assertThat(RegressionGate.regressions(unknown, current, failOnPercent = 10.0)).isEmpty()
    }

    @Test
    fun `the failure names each row with codec, operation, shape, I O path, size, both means, change and p-value`() {
        val previous = run(spread(1_000_000))
        val current = run(spread(1_200_000))
        val io = ReportFixtures.results.copy(
            results = emptyList(),
            ioPaths = previous.results.map {
                it.copy(io = IoPath.FILE)
            },
        )
        val ioNow = ReportFixtures.results.copy(
            results = emptyList(),
            ioPaths = current.results.map {
                it.copy(io = IoPath.FILE)
            },
        )
        val regressions = RegressionGate.regressions(io, ioNow, failOnPercent = 10.0)
        assertThat(RegressionGate.message(regressions, 10.0, "old/benchmark-results.json")).isEqualTo(
            "1 row(s) significantly slower than in old/benchmark-results.json by more than 10% " +
                "(bench.baseline.failOn):\n- jackson serialize, shape flat, io file, N = 1000: mean 995 us " +
                "-> 1.19 ms (+20.0%), p < 0.0001 (Mann-Whitney U)",
        )
    }
}
