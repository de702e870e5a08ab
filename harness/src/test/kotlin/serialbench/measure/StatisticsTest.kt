package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.statistics.Statistics
import java.util.concurrent.Executors

@Order(TestOrder.UNIT)
class StatisticsTest {
    @Test
    fun `summary of samples matches hand-computed values`() {
        // sorted 2 4 4 4 5 5 7 9: mean 5, squared deviations sum 32, sample variance 32 / 7
        val stats = Statistics.of(longArrayOf(9, 2, 4, 4, 5, 5, 7, 4))
        assertThat(stats.count).isEqualTo(8)
        assertThat(stats.meanNanos).isEqualTo(5.0)
        assertThat(stats.medianNanos).isEqualTo(4.5)
        assertThat(stats.minNanos).isEqualTo(2)
        assertThat(stats.maxNanos).isEqualTo(9)
        assertThat(stats.varianceNanosSquared).isCloseTo(32.0 / 7, within(1e-12))
        assertThat(stats.stdDevNanos).isCloseTo(2.13809, within(1e-5))
        // t(0.9995, 7) = 5.4079 from a t table; error = t * sd / sqrt(8) = 5.4079 * 2.13809 / 2.82843
        assertThat(stats.errorNanos).isCloseTo(4.0880, within(1e-3))
        // rank (n - 1) p: p90 at 6.3 -> 7 + 0.3 * (9 - 7); p99 at 6.93 -> 7 + 0.93 * 2
        assertThat(stats.p90Nanos).isCloseTo(7.6, within(1e-9))
        assertThat(stats.p99Nanos).isCloseTo(8.86, within(1e-9))
        // Q1 = 4 (rank 1.75), Q3 = 5.5 (rank 5.25), IQR 1.5: fences 1.75 and 7.75, so 9 is a high outlier
        assertThat(stats.lowOutliers).isEqualTo(0)
        assertThat(stats.highOutliers).isEqualTo(1)
        // in call order: first half 9 2 4 4 (median 4), second half 5 5 7 4 (median 5)
        assertThat(stats.driftPercent).isCloseTo(25.0, within(1e-9))
    }

    @Test
    fun `drift shows a series that was still getting faster, and is unknown for very few samples`() {
        // second half's median 100 over the first half's 180
        assertThat(
            Statistics.of(longArrayOf(200, 180, 160, 100, 100, 100)).driftPercent,
        ).isCloseTo(-44.444, within(1e-3))
        assertThat(Statistics.of(longArrayOf(5, 6, 7)).driftPercent).isNull()
    }

    @Test
    fun `outliers are counted on both sides and stay in the mean`() {
        // sorted 1 10 10 11 11 12 12 40: Q1 = 10, Q3 = 12, fences 7 and 15
        val stats = Statistics.of(longArrayOf(12, 1, 10, 40, 11, 10, 12, 11))
        assertThat(stats.lowOutliers).isEqualTo(1)
        assertThat(stats.highOutliers).isEqualTo(1)
        assertThat(stats.meanNanos).isEqualTo(107.0 / 8)
    }

    @Test
    fun `Student's t quantiles match the table for small and large samples`() {
        // two-sided 99.9% critical values, as printed in t tables
        assertThat(Statistics.studentT(0.999, 1)).isCloseTo(636.619, within(1e-2))
        assertThat(Statistics.studentT(0.999, 2)).isCloseTo(31.599, within(1e-3))
        assertThat(Statistics.studentT(0.999, 7)).isCloseTo(5.408, within(1e-3))
        assertThat(Statistics.studentT(0.999, 30)).isCloseTo(3.646, within(1e-3))
        assertThat(Statistics.studentT(0.95, 10)).isCloseTo(2.228, within(1e-3))
    }

    @Test
    fun `the error of a mean over block means is Student's t on the blocks, and unknown for one block`() {
        // mean 110, standard deviation 10; t(0.9995, 2) = 31.599 from a t table: 31.599 * 10 / sqrt(3)
        assertThat(Statistics.errorOfMean(listOf(100.0, 120.0, 110.0))).isCloseTo(182.44, within(1e-2))
        // two blocks, 100 apart: standard deviation 70.71, t(0.9995, 1) = 636.62: 636.62 * 70.71 / sqrt(2)
        assertThat(Statistics.errorOfMean(listOf(150.0, 250.0))).isCloseTo(31_831.0, within(1.0))
        assertThat(Statistics.errorOfMean(listOf(150.0))).isNull()
    }

    @Test
    fun `a single sample has no spread and no error`() {
        val stats = Statistics.of(longArrayOf(42))
        assertThat(stats).isEqualTo(Statistics(1, 42.0, 42.0, 42, 42, 0.0, 0.0, null, 42.0, 42.0, 0, 0, null))
    }

    @Test
    fun `quantiles interpolate between the closest ranks`() {
        val sorted = longArrayOf(10, 20, 30, 40)
        assertThat(Statistics.quantile(sorted, 0.0)).isEqualTo(10.0)
        assertThat(Statistics.quantile(sorted, 0.5)).isEqualTo(25.0)
        assertThat(Statistics.quantile(sorted, 1.0)).isEqualTo(40.0)
        assertThatThrownBy { Statistics.quantile(sorted, 1.5) }.hasMessage("p outside [0, 1]: 1.5")
    }

    @Test
    fun `ratios are taken over every pair of repetitions, as a geometric mean, whatever the order`() {
        // ratios 2/1, 2/2, 4/1, 4/2 = 2, 1, 4, 2: geometric mean (2 * 1 * 4 * 2)^(1/4) = 2 (the arithmetic one is 9/4);
        // their arithmetic mean 9/4 and squared deviations from it 0.0625 + 1.5625 + 3.0625 + 0.0625 = 4.75
        val ratio = RatioStatistics.of(longArrayOf(2, 4), longArrayOf(1, 2))
        assertThat(ratio.mean).isCloseTo(2.0, within(1e-12))
        assertThat(ratio.stdDev).isCloseTo(Math.sqrt(4.75 / 3), within(1e-12))
        // the ratio of the means would be 3 / 1.5 = 2
        assertThat(RatioStatistics.of(longArrayOf(4, 2), longArrayOf(2, 1))).isEqualTo(ratio)
        assertThat(RatioStatistics.of(longArrayOf(5, 5), longArrayOf(5, 5))).isEqualTo(RatioStatistics(1.0, 0.0))
        // a series against itself is 1, however it spreads (the arithmetic mean of x/y over all pairs exceeds 1)
        assertThat(RatioStatistics.of(longArrayOf(1, 3, 9), longArrayOf(9, 1, 3)).mean).isCloseTo(1.0, within(1e-12))
        assertThatThrownBy {
            RatioStatistics.of(longArrayOf(5), longArrayOf(0))
        }.hasMessage("a baseline sample is not positive: 0 ns")
    }

    @Test
    fun `the sampler warms up, then times every repetition and consumes each result`() {
        var calls = 0
        val heard = mutableListOf<Int>()
        // a JIT that compiles nothing: no series made again while compiling, nor any slide for drift
        val series = Sampler(repetitions = 7, warmup = 3, warmupMillis = 0, jitMillis = { 0L }).series({ done, total ->
            heard += done
            assertThat(total).isEqualTo(7)
        }) { calls++ }
        val samples = series.samples
        assertThat(samples.durationsNanos.toList()).hasSize(7).allSatisfy { assertThat(it).isGreaterThanOrEqualTo(0) }
        // calls of nanoseconds may drift by chance: each slide drops the first 4 calls and times 4 more
        assertThat(calls).isEqualTo(3 + 7 + 4 * series.halvesDropped)
        assertThat(heard).containsExactlyElementsOf((1..7) + List(series.halvesDropped) { 4..7 }.flatten())
    }

    @Test
    fun `allocation is summed over the threads that did the work, pool threads included`() {
        val meter = AllocationMeter()
        assertThat(meter.supported).describedAs("this JVM counts allocation per thread").isTrue()
        val pool = Executors.newSingleThreadExecutor()
        try {
            pool.submit {}.get() // the pool thread exists before the first reading
            val perCall = 4 shl 20
            val samples = Sampler(repetitions = 5, warmup = 0, warmupMillis = 0, allocation = meter).series {
                pool.submit<Int> { ByteArray(perCall).size }.get()
            }.samples
            // five 4 MiB arrays, all allocated on the pool thread, none on the calling one
            assertThat(samples.allocatedBytes).isBetween(5L * perCall, 5L * perCall + (1 shl 20))
            assertThat(samples.allocatedBytesPerOp).isBetween(perCall.toLong(), perCall + (1L shl 20) / 5)
        } finally {
            pool.shutdownNow()
        }
    }
}
