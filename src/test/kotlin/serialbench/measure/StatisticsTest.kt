package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class StatisticsTest {
    @Test
    fun `summary of samples matches hand-computed values`() {
        // mean 5, deviations -3 -1 -1 -1 0 0 2 4, squares sum 32, sample variance 32 / 7
        val stats = Statistics.of(longArrayOf(9, 2, 4, 4, 5, 5, 7, 4))
        assertThat(stats.count).isEqualTo(8)
        assertThat(stats.meanNanos).isEqualTo(5.0)
        assertThat(stats.medianNanos).isEqualTo(4.5)
        assertThat(stats.minNanos).isEqualTo(2)
        assertThat(stats.maxNanos).isEqualTo(9)
        assertThat(stats.stdDevNanos).isCloseTo(2.13809, within(1e-5))
    }

    @Test
    fun `a single sample has no spread`() {
        assertThat(Statistics.of(longArrayOf(42))).isEqualTo(Statistics(1, 42.0, 42.0, 42, 42, 0.0))
    }

    @Test
    fun `the sampler warms up, then times every repetition and consumes each result`() {
        var calls = 0
        val samples = Sampler(repetitions = 7, warmup = 3, warmupMillis = 0).sample { calls++ }
        assertThat(samples.toList()).hasSize(7).allSatisfy { assertThat(it).isGreaterThanOrEqualTo(0) }
        assertThat(calls).isEqualTo(10)
    }
}
