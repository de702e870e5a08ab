package serialbench.report

import serialbench.measure.Significance
import serialbench.measure.Significance.Direction
import serialbench.results.BenchmarkResults
import serialbench.results.PlausibleResults
import serialbench.results.ResultRow

/**
 * The CI gate of `bench.baseline.failOn`: the rows of a run that are significantly slower than in the previous run
 * (the test of every verdict, [serialbench.measure.Significance]) and slower by more than a percentage. Both
 * conditions: a rerun of unchanged code moves every mean a little, and only a significant move of more than the
 * limit fails the build. Where either run measured the row in two forks or more, significant also means every fork
 * slower than every fork of the other run, so a codec whose JVMs disagree does not fail an unchanged rerun. Pure:
 * the caller fails the run with [message].
 */
object RegressionGate {
    /** A row of [current] that regressed from [previous]; [pValue] is `null` where the intervals decided. */
    data class Regression(
        val previous: ResultRow,
        val current: ResultRow,
        val changePercent: Double,
        val pValue: Double?,
    )

    fun regressions(previous: BenchmarkResults, current: BenchmarkResults, failOnPercent: Double): List<Regression> =
        changes(previous, current, failOnPercent, Direction.SLOWER)

    /** The rows significantly faster than in [previous] by more than [percent]: the gate's counterpart. */
    fun improvements(previous: BenchmarkResults, current: BenchmarkResults, percent: Double): List<Regression> =
        changes(previous, current, percent, Direction.FASTER)

    private fun changes(previous: BenchmarkResults, current: BenchmarkResults, percent: Double, direction: Direction) =
        RunComparison.pairs(previous, current)
            .filter { it.difference.direction == direction && kotlin.math.abs(it.changeFraction) * 100 > percent }
            .map { Regression(it.previous, it.current, it.changeFraction * 100, it.difference.pValue) }

    /** Why the run fails: each regressed row with both means, the change and the test's p-value. */
    fun message(regressions: List<Regression>, failOnPercent: Double, previousFile: String): String = buildString {
        append(
            "${regressions.size} row(s) significantly slower than in $previousFile by more than " +
                "${Units.percent(failOnPercent)} (bench.baseline.failOn):",
        )
        for (regression in regressions) append("\n- ").append(line(regression))
    }

    /** One regressed row: what it is, old and new mean, change, p-value. */
    fun line(regression: Regression): String =
        "${PlausibleResults.describe(regression.current)}: mean ${Units.duration(regression.previous.meanNanos)} -> " +
            "${Units.duration(regression.current.meanNanos)} " +
            "(${Units.signedPercent(regression.changePercent / 100)}), " +
            (
                regression.pValue?.let { "${Units.pStatement(it)} (Mann-Whitney U)" }
                    ?: "p unknown (99.9% intervals apart; no repetitions stored)"
                ) +
            if (Significance.forked(regression.previous) || Significance.forked(regression.current)) {
                ", every fork's mean beyond the other run's"
            } else {
                ""
            }
}
