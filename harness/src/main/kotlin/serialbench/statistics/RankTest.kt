package serialbench.statistics

import org.apache.commons.math3.stat.inference.MannWhitneyUTest
import org.apache.commons.math3.stat.ranking.NaNStrategy
import org.apache.commons.math3.stat.ranking.NaturalRanking
import org.apache.commons.math3.stat.ranking.TiesStrategy

/**
 * A two-sided Mann-Whitney U test of [xs] against [ys] (commons-math3, normal approximation): [pValue], and whether
 * [xs] tends to the larger values ([xLeansLarger]: its U, from its rank sum among both samples, above half of all
 * pairs). It assumes nothing about the shape of the distributions, which for timings is skewed and often has a long
 * tail; one outlier cannot make a difference. `NaN` where every value is the same.
 */
class RankTest private constructor(val pValue: Double, val xLeansLarger: Boolean) {
    /** The one-sided p-value that [xs] tends to the smaller values. */
    val xSmallerPValue: Double
        get() = if (pValue.isNaN()) {
            1.0
        } else if (xLeansLarger) {
            1 - pValue / 2
        } else {
            pValue / 2
        }

    companion object {
        fun of(xs: DoubleArray, ys: DoubleArray): RankTest {
            val p = MannWhitneyUTest().mannWhitneyUTest(xs, ys)
            val ranks = NaturalRanking(NaNStrategy.FIXED, TiesStrategy.AVERAGE).rank(xs + ys)
            val rankSum = xs.indices.sumOf { ranks[it] }
            val u = rankSum - xs.size * (xs.size + 1) / 2.0
            return RankTest(p, u > xs.size.toDouble() * ys.size / 2)
        }
    }
}
