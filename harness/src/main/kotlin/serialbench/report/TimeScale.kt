package serialbench.report

import java.util.Locale

/**
 * One time unit for a whole table, as BenchmarkDotNet does, so a column's figures compare at a glance: the
 * largest unit in which the table's smallest mean is at least 1. Two decimals, thousands separated.
 */
internal class TimeScale private constructor(private val unit: String, private val nanosPerUnit: Double) {
    fun format(nanos: Double): String = String.format(Locale.ROOT, "%,.2f %s", nanos / nanosPerUnit, unit)

    companion object {
        fun forSmallest(nanos: Double): TimeScale = when {
            nanos < 1e3 -> TimeScale("ns", 1.0)
            nanos < 1e6 -> TimeScale("us", 1e3)
            nanos < 1e9 -> TimeScale("ms", 1e6)
            else -> TimeScale("s", 1e9)
        }
    }
}
