package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.statistics.Drift
import serialbench.statistics.Statistics

/** When a series counts as still warming up: its second half's median 5% lower, and its calls ranked so. */
@Order(TestOrder.UNIT)
class DriftTest {
    @Test
    fun `calls getting faster from one half to the next are still warming up`() {
        val drift = requireNotNull(Drift.of(longArrayOf(130, 128, 125, 122, 120, 110, 108, 105, 102, 100)))
        // medians 125 and 105; every call of the second half below every call of the first: U = 0 of 25 pairs
        assertThat(drift.percent).isCloseTo(-16.0, within(1e-9))
        assertThat(drift.fasterPValue).isLessThan(0.01)
        assertThat(drift.warmingUp(5.0, CodecBenchmark.DRIFT_ALPHA)).isTrue()
    }

    @Test
    fun `halves whose medians differ while their calls interleave are not`() {
        // medians 63 and 15 (-76%), but the second half's two slowest calls are slower than all of the first
        val drift = requireNotNull(Drift.of(longArrayOf(60, 63, 66, 3, 6, 9, 12, 15, 69, 72)))
        assertThat(drift.percent).isLessThan(-50.0)
        assertThat(drift.fasterPValue).isGreaterThan(0.5)
        assertThat(drift.warmingUp(5.0, CodecBenchmark.DRIFT_ALPHA)).isFalse()
    }

    @Test
    fun `a second half ranked faster but by less than the least drift is steady`() {
        val drift = requireNotNull(Drift.of(longArrayOf(104, 103, 102, 101, 100, 99, 98, 97, 96, 95)))
        assertThat(drift.fasterPValue).isLessThan(0.01)
        assertThat(drift.percent).isGreaterThan(-5.0)
        assertThat(drift.warmingUp(5.0, CodecBenchmark.DRIFT_ALPHA)).isFalse()
    }

    @Test
    fun `the middle call of an odd count is in neither half, and fewer than four calls have no drift`() {
        // halves 10 10 and 5 5; the middle 1,000 would move neither median
        assertThat(requireNotNull(Drift.of(longArrayOf(10, 10, 1_000, 5, 5))).percent).isCloseTo(-50.0, within(1e-9))
        assertThat(Drift.of(longArrayOf(3, 2, 1))).isNull()
        assertThat(Drift.percentOf(longArrayOf(3, 2, 1))).isNull()
    }

    @Test
    fun `a row's drift is the same percent`() {
        val calls = longArrayOf(9, 2, 4, 4, 5, 5, 7, 4, 3)
        assertThat(Statistics.of(calls).driftPercent).isEqualTo(requireNotNull(Drift.of(calls)).percent)
    }

    @Test
    fun `calls all alike are steady, not an error`() {
        val drift = requireNotNull(Drift.of(LongArray(10) { 7 }))
        assertThat(drift.percent).isEqualTo(0.0)
        assertThat(drift.fasterPValue).isGreaterThanOrEqualTo(0.5)
    }
}
