package serialbench.measure

import kotlin.math.sqrt

/**
 * A codec's time relative to a baseline's, computed per repetition pair as BenchmarkDotNet does: repetition
 * `i` of the codec over repetition `i` of the baseline, then the mean and the sample standard deviation of
 * those ratios. Below 1 the codec is faster.
 */
data class RatioStatistics(val mean: Double, val stdDev: Double) {
    companion object {
        fun of(samplesNanos: LongArray, baselineSamplesNanos: LongArray): RatioStatistics {
            val pairs = minOf(samplesNanos.size, baselineSamplesNanos.size)
            require(pairs > 0) { "no repetition pairs: ${samplesNanos.size} samples, ${baselineSamplesNanos.size} baseline samples" }
            val ratios = DoubleArray(pairs) { samplesNanos[it].toDouble() / baselineSamplesNanos[it].coerceAtLeast(1) }
            val mean = ratios.average()
            val variance = if (pairs > 1) ratios.sumOf { (it - mean) * (it - mean) } / (pairs - 1) else 0.0
            return RatioStatistics(mean, sqrt(variance))
        }
    }
}
