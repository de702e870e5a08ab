package serialbench.measure

import serialbench.results.ResultRow

/** A [ResultRow] with the [Samples] behind it, kept until ratios to the baseline are taken. */
class Measurement(val row: ResultRow, val samples: Samples) {
    private val key get() = Triple(row.shape, row.size, row.operation)

    companion object {
        /**
         * Adds to each row its ratio to [baseline]'s row of the same shape, size and operation, per repetition pair
         * ([RatioStatistics]). Rows without a baseline measurement keep `null` ratios.
         */
        fun withRatios(measurements: List<Measurement>, baseline: String): List<ResultRow> {
            val baselines = measurements.filter { it.row.codec == baseline }.associateBy { it.key }
            return measurements.map { measurement ->
                val base = baselines[measurement.key] ?: return@map measurement.row
                val ratio = RatioStatistics.of(measurement.samples.durationsNanos, base.samples.durationsNanos)
                measurement.row.copy(baseline = baseline, ratio = ratio.mean, ratioStdDev = ratio.stdDev)
            }
        }
    }
}
