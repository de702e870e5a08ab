package serialbench.statistics

import java.util.Locale

/**
 * How a series' second half of samples (in call order) compared with its first, the middle sample of an odd count
 * in neither: [percent], the second half's median over the first's, minus 1, in percent (near 0 at steady state,
 * clearly negative while the code is still warming up); [fasterPValue], the one-sided p-value of a [RankTest] that
 * the second half's samples tend to the smaller values. A series is still warming up ([warmingUp]) only when both
 * say so: the medians of ten calls each can differ by 5% by the machine's noise alone (a collection, another
 * process), while calls still getting faster rank the second half below the first.
 */
class Drift private constructor(val percent: Double, val fasterPValue: Double) {
    /** For a progress line: `drift -6.1% (p 0.003)`. */
    fun describe(): String = String.format(Locale.ROOT, "drift %+.1f%% (p %.3f)", percent, fasterPValue)

    /** [percent] at most -[leastPercent] and [fasterPValue] below [alpha]. */
    fun warmingUp(leastPercent: Double, alpha: Double): Boolean = percent <= -leastPercent && fasterPValue < alpha

    companion object {
        /** The fewest samples with a drift. */
        const val LEAST_SAMPLES = 4

        /** The drift of [inCallOrder], `null` below [LEAST_SAMPLES]. */
        fun of(inCallOrder: LongArray): Drift? {
            if (inCallOrder.size < LEAST_SAMPLES) return null
            val (first, second) = halves(inCallOrder)
            val test = RankTest.of(second.toDoubles(), first.toDoubles())
            return Drift(percent(first, second), test.xSmallerPValue)
        }

        /** [percent] alone, without the rank test: `null` below [LEAST_SAMPLES]. */
        fun percentOf(inCallOrder: LongArray): Double? {
            if (inCallOrder.size < LEAST_SAMPLES) return null
            val (first, second) = halves(inCallOrder)
            return percent(first, second)
        }

        private fun halves(inCallOrder: LongArray): Pair<LongArray, LongArray> {
            val half = inCallOrder.size / 2
            return inCallOrder.copyOfRange(0, half) to
                inCallOrder.copyOfRange(inCallOrder.size - half, inCallOrder.size)
        }

        private fun percent(first: LongArray, second: LongArray): Double = (median(second) / median(first) - 1) * 100

        private fun median(values: LongArray) = Statistics.quantile(values.sortedArray(), 0.5)

        private fun LongArray.toDoubles() = DoubleArray(size) { this[it].toDouble() }
    }
}
