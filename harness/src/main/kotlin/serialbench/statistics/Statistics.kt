package serialbench.statistics

import org.apache.commons.math3.distribution.TDistribution
import kotlin.math.floor
import kotlin.math.sqrt

/**
 * Summary of timing samples in nanoseconds, as JMH and BenchmarkDotNet report them.
 *
 * - [errorNanos]: half-width of the [CONFIDENCE_LEVEL] confidence interval of the mean, Student's t with
 *   `count - 1` degrees of freedom times the standard error; `null` for a single sample.
 * - Quantiles ([medianNanos], [p90Nanos], [p99Nanos], the quartiles behind the outlier fences, and the percentiles
 *   of the JMH-format file) all come from [quantile]: linear interpolation between the closest ranks (the R-7 /
 *   `PERCENTILE.INC` / numpy default definition): the `p`-quantile of `n` sorted values lies at rank `(n - 1) p`.
 * - Outliers lie outside Tukey's fences, `Q1 - 1.5 IQR` and `Q3 + 1.5 IQR`. They are counted, never dropped:
 *   the mean includes them.
 * - [driftPercent]: [Drift.percent], the median of the second half of the samples (in call order) over the median of
 *   the first half, minus 1, in percent: near 0 at steady state, clearly negative while the code is still warming
 *   up; `null` below 4 samples.
 */
data class Statistics(
    val count: Int,
    val meanNanos: Double,
    val medianNanos: Double,
    val minNanos: Long,
    val maxNanos: Long,
    val varianceNanosSquared: Double,
    val stdDevNanos: Double,
    val errorNanos: Double?,
    val p90Nanos: Double,
    val p99Nanos: Double,
    val lowOutliers: Int,
    val highOutliers: Int,
    val driftPercent: Double?,
) {
    companion object {
        /** Two-sided, as JMH's default "error" column. */
        const val CONFIDENCE_LEVEL = 0.999

        private const val TUKEY_K = 1.5

        fun of(samplesNanos: LongArray): Statistics {
            require(samplesNanos.isNotEmpty()) { "no samples" }
            val sorted = samplesNanos.sortedArray()
            val n = sorted.size
            val mean = sorted.sumOf { it.toDouble() } / n
            val variance = if (n > 1) sorted.sumOf { (it - mean) * (it - mean) } / (n - 1) else 0.0
            val stdDev = sqrt(variance)
            val q1 = quantile(sorted, 0.25)
            val q3 = quantile(sorted, 0.75)
            val lowFence = q1 - TUKEY_K * (q3 - q1)
            val highFence = q3 + TUKEY_K * (q3 - q1)
            return Statistics(
                count = n,
                meanNanos = mean,
                medianNanos = quantile(sorted, 0.5),
                minNanos = sorted.first(),
                maxNanos = sorted.last(),
                varianceNanosSquared = variance,
                stdDevNanos = stdDev,
                errorNanos = if (n > 1) studentT(CONFIDENCE_LEVEL, n - 1) * stdDev / sqrt(n.toDouble()) else null,
                p90Nanos = quantile(sorted, 0.9),
                p99Nanos = quantile(sorted, 0.99),
                lowOutliers = sorted.count { it < lowFence },
                highOutliers = sorted.count { it > highFence },
                driftPercent = Drift.percentOf(samplesNanos),
            )
        }

        /**
         * The [p]-quantile of ascending [sorted] values: at rank `(n - 1) p` (0-based), interpolated linearly between
         * the two closest ranks. The one percentile definition of every output: markdown, results JSON,
         * JMH-format JSON, CSV.
         */
        fun quantile(sorted: LongArray, p: Double): Double {
            require(sorted.isNotEmpty()) { "no samples" }
            require(p in 0.0..1.0) { "p outside [0, 1]: $p" }
            val rank = (sorted.size - 1) * p
            val lower = floor(rank).toInt()
            if (lower + 1 >= sorted.size) return sorted[lower].toDouble()
            return sorted[lower] + (rank - lower) * (sorted[lower + 1] - sorted[lower])
        }

        /** The median of [values], in any order ([quantile] at 0.5, the same definition). */
        fun median(values: List<Double>): Double {
            require(values.isNotEmpty()) { "no values" }
            val sorted = values.sorted()
            val rank = (sorted.size - 1) * 0.5
            val lower = floor(rank).toInt()
            if (lower + 1 >= sorted.size) return sorted[lower]
            return sorted[lower] + (rank - lower) * (sorted[lower + 1] - sorted[lower])
        }

        /**
         * Half-width of the [CONFIDENCE_LEVEL] confidence interval of the mean of [values] (each one a block's mean,
         * such as a fork's): Student's t with `n - 1` degrees of freedom times their standard deviation over
         * `sqrt(n)`; `null` below two values. Its spread is that of whole blocks, the noise inside each included.
         */
        fun errorOfMean(values: List<Double>): Double? {
            val n = values.size
            if (n < 2) return null
            val mean = values.average()
            val stdDev = sqrt(values.sumOf { (it - mean) * (it - mean) } / (n - 1))
            return studentT(CONFIDENCE_LEVEL, n - 1) * stdDev / sqrt(n.toDouble())
        }

        /** The two-sided critical value of Student's t: `P(|T| <= t) = confidence` with [degreesOfFreedom]. */
        fun studentT(confidence: Double, degreesOfFreedom: Int): Double {
            require(confidence > 0.0 && confidence < 1.0) { "confidence outside (0, 1): $confidence" }
            require(degreesOfFreedom >= 1) { "degreesOfFreedom < 1: $degreesOfFreedom" }
            val distribution = TDistribution(null, degreesOfFreedom.toDouble())
            return distribution.inverseCumulativeProbability(1 - (1 - confidence) / 2)
        }
    }
}
