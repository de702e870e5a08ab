package serialbench.measure

import kotlin.math.exp
import kotlin.math.ln
import kotlin.math.sqrt

/**
 * A codec's time relative to a baseline's as a distribution, in the spirit of BenchmarkDotNet's Ratio and
 * RatioSD columns: every repetition of the codec over every repetition of the baseline at the same size and
 * operation (`n x m` ratios), then the geometric mean and the standard deviation of those ratios, not a ratio of
 * two means. Below 1 the codec is faster.
 * Taking all pairs, not repetition `i` with repetition `i`, keeps the result independent of the order the two
 * series ran in. The geometric mean, `exp(mean(ln x) - mean(ln y))`, is the average that suits ratios: a series
 * against itself is exactly 1 however it spreads, and 2x and 0.5x average to 1x (their arithmetic mean is 1.25x).
 */
data class RatioStatistics(val mean: Double, val stdDev: Double) {
    companion object {
        fun of(samplesNanos: LongArray, baselineSamplesNanos: LongArray): RatioStatistics {
            require(samplesNanos.isNotEmpty() && baselineSamplesNanos.isNotEmpty()) {
                "no ratios: ${samplesNanos.size} samples, ${baselineSamplesNanos.size} baseline samples"
            }
            require(baselineSamplesNanos.all { it > 0 }) {
                "a baseline sample is not positive: ${baselineSamplesNanos.min()} ns"
            }
            val count = samplesNanos.size.toLong() * baselineSamplesNanos.size
            val geometricMean = exp(
                samplesNanos.map { ln(it.toDouble()) }.average() -
                    baselineSamplesNanos.map { ln(it.toDouble()) }.average(),
            )
            var sum = 0.0
            for (sample in samplesNanos) for (base in baselineSamplesNanos) sum += sample.toDouble() / base
            val arithmeticMean = sum / count
            var squares = 0.0
            for (sample in samplesNanos) {
                for (base in baselineSamplesNanos) {
                    val deviation = sample.toDouble() / base - arithmeticMean
                    squares += deviation * deviation
                }
            }
            return RatioStatistics(geometricMean, if (count > 1) sqrt(squares / (count - 1)) else 0.0)
        }
    }
}
