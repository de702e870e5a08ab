package serialbench.report

import serialbench.measure.Significance
import serialbench.measure.Significance.Direction
import serialbench.results.Operation
import serialbench.results.ResultRow
import kotlin.math.exp
import kotlin.math.ln

/**
 * One size of a multithreaded-vs-single-thread comparison: faster or slower only where [Significance] says the two
 * rows differ, "same" otherwise.
 */
internal data class Comparison(val size: Int, val multi: ResultRow, val single: ResultRow) {
    val multiNanos: Double get() = multi.meanNanos
    val singleNanos: Double get() = single.meanNanos
    val deltaNanos: Double get() = multiNanos - singleNanos
    val deltaFraction: Double get() = deltaNanos / singleNanos

    /** How many times as fast the multithreaded codec is. */
    val speedup: Double get() = singleNanos / multiNanos

    /** The multithreaded codec against the single-thread one: [Direction.FASTER] when it takes less time. */
    val difference: Significance.Difference by lazy { Significance.compare(multi, single) }

    /** Marked with emoji and words, since GitHub strips colour styles. */
    val verdict: String
        get() = when (difference.direction) {
            Direction.FASTER -> "🟢 ${Units.ratio(speedup)} faster"

            Direction.SLOWER -> "🔴 ${Units.ratio(speedup)} (slower)"

            Direction.SAME ->
                "⚪ ${Units.ratio(speedup)}, same" +
                    if (difference.withinForkSpread) " (within the forks' spread)" else ""

            Direction.UNKNOWN -> "${Units.ratio(speedup)}, no error known"
        }

    /**
     * The speedup's bounds from the two 99.9% intervals of the mean (the slowest multithreaded mean over the fastest
     * single-thread one, and back); `null` without both errors.
     */
    val speedupBounds: ClosedFloatingPointRange<Double>?
        get() {
            if (multi.errorNanos == null || single.errorNanos == null) return null
            // an interval reaching below 0 (few, spread repetitions) bounds the speedup by 0 and by infinity
            val fastestMulti = multi.confidenceIntervalNanos.start
            val upper = if (fastestMulti > 0) {
                single.confidenceIntervalNanos.endInclusive / fastestMulti
            } else {
                Double.POSITIVE_INFINITY
            }
            return maxOf(single.confidenceIntervalNanos.start, 0.0) / multi.confidenceIntervalNanos.endInclusive..upper
        }

    companion object {
        fun of(rows: List<ResultRow>, operation: Operation, multi: String, single: String): List<Comparison> {
            val multiBySize = rows.filter { it.codec == multi && it.operation == operation }.associateBy { it.size }
            val singleBySize = rows.filter { it.codec == single && it.operation == operation }.associateBy { it.size }
            return multiBySize.keys.intersect(singleBySize.keys).sorted().map { size ->
                Comparison(size, multiBySize.getValue(size), singleBySize.getValue(size))
            }
        }

        /** The geometric mean of the per-size speedups: the average that suits ratios. */
        fun averageSpeedup(comparisons: List<Comparison>): Double = geometricMean(comparisons.map { it.speedup })

        /** Bounds of [averageSpeedup] from each size's [speedupBounds]; `null` where a size has none. */
        fun averageSpeedupBounds(comparisons: List<Comparison>): ClosedFloatingPointRange<Double>? {
            val bounds = comparisons.map { it.speedupBounds ?: return null }
            return geometricMean(bounds.map { it.start })..geometricMean(bounds.map { it.endInclusive })
        }

        private fun geometricMean(values: List<Double>): Double = exp(values.map { ln(it) }.average())

        fun summary(operation: Operation, comparisons: List<Comparison>): String {
            val name = operation.displayName.replaceFirstChar { it.uppercase() }
            val best = comparisons.maxBy { it.speedup }
            val byDirection = comparisons.groupBy { it.difference.direction }
            val where = if (byDirection.size == 1) {
                when (byDirection.keys.single()) {
                    Direction.FASTER -> "faster than kotlinx Json at every size measured"
                    Direction.SLOWER -> "slower than kotlinx Json at every size measured"
                    Direction.SAME -> "not significantly different from kotlinx Json at any size measured"
                    Direction.UNKNOWN -> "not known to differ from kotlinx Json (no errors recorded)"
                }
            } else {
                listOf(
                    Direction.FASTER to "faster",
                    Direction.SLOWER to "slower",
                    Direction.SAME to "the same",
                    Direction.UNKNOWN to "not known (no error)",
                ).mapNotNull { (direction, word) ->
                    byDirection[direction]?.let { "$word at N = ${it.joinToString(", ") { c -> Units.count(c.size) }}" }
                }.joinToString("; ")
            }
            return "$name: ParallelJson is on average ${Units.ratio(averageSpeedup(comparisons))} as fast as " +
                "kotlinx Json (geometric mean of the per-size speedups), $where; best " +
                "${Units.ratio(best.speedup)} at N = ${Units.count(best.size)}."
        }
    }
}
