package serialbench.report

import serialbench.results.Operation
import serialbench.results.ResultRow

/** One size of a multithreaded-vs-single-thread comparison. */
internal data class Comparison(val size: Int, val multiNanos: Double, val singleNanos: Double) {
    val deltaNanos: Double get() = multiNanos - singleNanos
    val deltaFraction: Double get() = deltaNanos / singleNanos

    /** How many times as fast the multithreaded codec is. */
    val speedup: Double get() = singleNanos / multiNanos

    /** Marked with emoji and words, since GitHub strips colour styles. */
    val verdict: String
        get() = when {
            speedup >= 1.0 -> "🟢 ${Units.ratio(speedup)} faster"
            else -> "🔴 ${Units.ratio(speedup)} (slower)"
        }

    companion object {
        fun of(rows: List<ResultRow>, operation: Operation, multi: String, single: String): List<Comparison> {
            val multiBySize = rows.filter { it.codec == multi && it.operation == operation }.associateBy { it.size }
            val singleBySize = rows.filter { it.codec == single && it.operation == operation }.associateBy { it.size }
            return multiBySize.keys.intersect(singleBySize.keys).sorted().map { size ->
                Comparison(size, multiBySize.getValue(size).meanNanos, singleBySize.getValue(size).meanNanos)
            }
        }

        /** The mean of the per-size speedups. */
        fun averageSpeedup(comparisons: List<Comparison>): Double = comparisons.map { it.speedup }.average()

        fun summary(operation: Operation, comparisons: List<Comparison>): String {
            val name = operation.displayName.replaceFirstChar { it.uppercase() }
            val best = comparisons.maxBy { it.speedup }
            val crossover = comparisons.indices.firstOrNull { from -> comparisons.drop(from).all { it.speedup >= 1.0 } }
            val where = when (crossover) {
                null -> "slower than kotlinx Json at every size measured"
                0 -> "faster than kotlinx Json at every size measured"
                else -> "faster from N = ${Units.count(comparisons[crossover].size)} on, slower below"
            }
            return "$name: ParallelJson is on average ${Units.ratio(averageSpeedup(comparisons))} as fast as kotlinx Json " +
                "(mean of the per-size speedups), $where; best ${Units.ratio(best.speedup)} at N = ${Units.count(best.size)}."
        }
    }
}
