package serialbench.report

import java.util.Locale
import kotlin.math.abs

/** Number formatting for reports: fixed [Locale.ROOT], three significant digits, adaptive units. */
object Units {
    /** A duration in the largest unit that keeps it at least 1: `950 ns`, `28.4 us`, `806 ms`, `1.33 s`. */
    fun duration(nanos: Double): String {
        val magnitude = abs(nanos)
        return when {
            magnitude < 1e3 -> "${threeDigits(nanos)} ns"
            magnitude < 1e6 -> "${threeDigits(nanos / 1e3)} us"
            magnitude < 1e9 -> "${threeDigits(nanos / 1e6)} ms"
            else -> "${threeDigits(nanos / 1e9)} s"
        }
    }

    /** A byte count in binary units: `512 B`, `1.21 KiB`, `8.00 GiB`. */
    fun bytes(count: Long): String {
        val magnitude = abs(count.toDouble())
        return when {
            magnitude < 1024 -> "$count B"
            magnitude < 1024.0 * 1024 -> "${threeDigits(count / 1024.0)} KiB"
            magnitude < 1024.0 * 1024 * 1024 -> "${threeDigits(count / (1024.0 * 1024))} MiB"
            else -> "${threeDigits(count / (1024.0 * 1024 * 1024))} GiB"
        }
    }

    /** A signed percentage with one decimal: `+6.0%`, `-48.1%`. */
    fun signedPercent(fraction: Double): String = String.format(Locale.ROOT, "%+.1f%%", fraction * 100)

    /** A percentage with up to one decimal: `10%`, `2.5%`. */
    fun percent(value: Double): String =
        String.format(Locale.ROOT, if (value == Math.rint(value)) "%.0f%%" else "%.1f%%", value)

    /** A test's p-value: `0.034`, `0.0008`, `< 0.0001`. */
    fun pValue(p: Double): String = when {
        p < 0.0001 -> "< 0.0001"
        p < 0.001 -> String.format(Locale.ROOT, "%.4f", p)
        else -> String.format(Locale.ROOT, "%.3f", p)
    }

    /** A p-value as a statement: `p = 0.034`, `p < 0.0001`. */
    fun pStatement(p: Double): String = if (p < 0.0001) "p < 0.0001" else "p = ${pValue(p)}"

    /** A ratio with two decimals: `1.92x`. */
    fun ratio(value: Double): String = String.format(Locale.ROOT, "%.2fx", value)

    /** A rate (per second) with three significant digits, whole from 100 on: `1.23`, `45.6`, `1,234`. */
    fun rate(value: Double): String =
        if (abs(value) >= 99.95) String.format(Locale.ROOT, "%,.0f", value) else threeDigits(value)

    /** A size as headings say it: `N = 1,000`, or `the document` where a shape is one document measured as such. */
    fun size(value: Int, oneDocument: Boolean): String = if (oneDocument) "the document" else "N = ${count(value)}"

    /** An integer with thousands separators: `100,000`. */
    fun count(value: Int): String = String.format(Locale.ROOT, "%,d", value)

    fun count(value: Long): String = String.format(Locale.ROOT, "%,d", value)

    private fun threeDigits(value: Double): String {
        val magnitude = abs(value)
        val decimals = when {
            magnitude >= 99.95 -> 0
            magnitude >= 9.995 -> 1
            else -> 2
        }
        return String.format(Locale.ROOT, "%.${decimals}f", value)
    }
}
