package serialbench.report

/**
 * What a chart's axis can show. A figure outside these ranges (which no sound run produces: a results file can
 * hold anything) is drawn at the range's edge and named under the chart ([Charts.Spec.clamped]), so that drawing
 * always ends: the chart library searches for axis ticks over the whole range, and over 1e18 that takes minutes.
 */
internal object ChartValues {
    /** Times in milliseconds: 1 ns to a million seconds. */
    val MILLIS: ClosedFloatingPointRange<Double> = 1e-6..1e9

    /** Speedups (one time over another). */
    val SPEEDUP: ClosedFloatingPointRange<Double> = 1e-3..1e3

    /** [value] within [range]; a value that is not a number is drawn at the range's start. */
    fun clamp(value: Double, range: ClosedFloatingPointRange<Double>): Double =
        if (value.isNaN()) range.start else value.coerceIn(range)

    fun outside(value: Double, range: ClosedFloatingPointRange<Double>): Boolean = value.isNaN() || value !in range
}
