package serialbench.measure

import serialbench.results.ResultRow
import serialbench.statistics.RankTest
import serialbench.statistics.Statistics

/**
 * Whether one row's times differ from another's: the one test behind every "faster", "slower" and "same" of the
 * reports and of the regression gate.
 *
 * Where both rows store their repetitions ([ResultRow.durationsNanos], every fork pooled), a two-sided Mann-Whitney
 * U test ([RankTest]) on them: different when `p <` [ALPHA], in the direction the ranks lean (which row's
 * repetitions tend to be the larger). Where either row does not store them (a file from before they were recorded),
 * the rows differ when their 99.9% confidence intervals of the mean do not overlap, and `pValue` is `null`; without
 * an error on either side the answer is [Direction.UNKNOWN]. With fewer than 8 repetitions a side no difference
 * reaches [ALPHA].
 *
 * That test sees the noise within each JVM, not the spread from one JVM to the next. So where either row was
 * measured in two forks or more ([ResultRow.forkMeansNanos]), a difference must also exceed that spread: every fork
 * mean of one row beyond every fork mean of the other ([FORK_RULE]; a row of one JVM counts its mean as its only
 * fork). Otherwise the rows are [Direction.SAME], with [Difference.withinForkSpread] set. With 2 to 3 forks a side
 * no test on the fork means alone can reach [ALPHA] (a rank test on 3 against 3 fork means bottoms out at p = 0.1;
 * Student's t with 2 degrees of freedom needs t > 31.6), so the rule asks for the strongest outcome a rank test on
 * the fork means can give, on top of the test on the repetitions.
 */
object Significance {
    /** The significance level: the complement of the 99.9% confidence of the errors. */
    const val ALPHA = 1 - Statistics.CONFIDENCE_LEVEL

    /** The test in words, for reports. */
    const val METHOD = "Mann-Whitney U test on the repetitions, p < 0.001; where a file does not store them, " +
        "99.9% confidence intervals of the mean that do not overlap"

    /** The condition added for rows measured in several JVMs, in words, for reports. */
    const val FORK_RULE = "with two forks or more, also every fork's mean beyond every fork mean of the other row"

    enum class Direction { SLOWER, FASTER, SAME, UNKNOWN }

    /**
     * How [row] compares with [reference]: [Direction.SLOWER] when [row] takes more time. [withinForkSpread]: the
     * repetitions differ, but the fork means overlap, so the difference is [Direction.SAME].
     */
    data class Difference(val direction: Direction, val pValue: Double?, val withinForkSpread: Boolean = false) {
        val significant: Boolean get() = direction == Direction.SLOWER || direction == Direction.FASTER
    }

    fun compare(row: ResultRow, reference: ResultRow): Difference {
        val pooled = pooled(row, reference)
        if (!pooled.significant || (!forked(row) && !forked(reference))) return pooled
        val slower = pooled.direction == Direction.SLOWER
        val apart = if (slower) {
            forkMeans(row).min() > forkMeans(reference).max()
        } else {
            forkMeans(row).max() < forkMeans(reference).min()
        }
        return if (apart) pooled else Difference(Direction.SAME, pooled.pValue, withinForkSpread = true)
    }

    /** Whether [row] was measured in several JVMs and records each one's mean. */
    fun forked(row: ResultRow): Boolean = row.forkMeansNanos.size > 1

    /** Each fork's mean, or the row's mean alone for a row of one JVM (or a file from before forks). */
    private fun forkMeans(row: ResultRow): List<Double> = if (forked(row)) row.forkMeansNanos else listOf(row.meanNanos)

    private fun pooled(row: ResultRow, reference: ResultRow): Difference {
        val x = row.durationsNanos.flatten()
        val y = reference.durationsNanos.flatten()
        if (x.size >= 2 && y.size >= 2 && x.size.toLong() * y.size <= Int.MAX_VALUE) return test(x, y)
        return byIntervals(row, reference)
    }

    private fun test(x: List<Long>, y: List<Long>): Difference {
        val test = RankTest.of(x.map { it.toDouble() }.toDoubleArray(), y.map { it.toDouble() }.toDoubleArray())
        val p = test.pValue
        if (p.isNaN() || p >= ALPHA) return Difference(Direction.SAME, p)
        return Difference(if (test.xLeansLarger) Direction.SLOWER else Direction.FASTER, p)
    }

    private fun byIntervals(row: ResultRow, reference: ResultRow): Difference {
        if (row.errorNanos == null || reference.errorNanos == null) return Difference(Direction.UNKNOWN, null)
        val now = row.confidenceIntervalNanos
        val then = reference.confidenceIntervalNanos
        val direction = when {
            now.start > then.endInclusive -> Direction.SLOWER
            now.endInclusive < then.start -> Direction.FASTER
            else -> Direction.SAME
        }
        return Difference(direction, null)
    }
}
