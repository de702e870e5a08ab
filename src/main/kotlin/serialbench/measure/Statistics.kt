package serialbench.measure

import kotlin.math.sqrt

/** Summary of timing samples in nanoseconds. */
data class Statistics(
    val count: Int,
    val meanNanos: Double,
    val medianNanos: Double,
    val minNanos: Long,
    val maxNanos: Long,
    val stdDevNanos: Double,
) {
    companion object {
        fun of(samplesNanos: LongArray): Statistics {
            require(samplesNanos.isNotEmpty()) { "no samples" }
            val sorted = samplesNanos.sortedArray()
            val n = sorted.size
            val mean = sorted.sumOf { it.toDouble() } / n
            val median = if (n % 2 == 1) sorted[n / 2].toDouble() else (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
            val variance = if (n > 1) sorted.sumOf { (it - mean) * (it - mean) } / (n - 1) else 0.0
            return Statistics(n, mean, median, sorted.first(), sorted.last(), sqrt(variance))
        }
    }
}
