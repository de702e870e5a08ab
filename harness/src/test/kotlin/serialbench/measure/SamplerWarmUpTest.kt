package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

/**
 * A series' warm-up: its calls before the timed ones, counted on a clock that each call moves on by its own
 * duration; none before a series measured again.
 */
@Order(TestOrder.UNIT)
class SamplerWarmUpTest {
    private var calls = 0
    private var nowNanos = 0L

    /** A series of [repetitions] timed calls: a long one unless a test is about the warm-up's share of it. */
    private fun sampler(warmup: Int, warmupMillis: Long, repetitions: Int = LONG_SERIES) =
        Sampler(repetitions = repetitions, warmup = warmup, warmupMillis = warmupMillis, warmUpNanoTime = { nowNanos })

    /** A call that takes [nanos] on the warm-up's clock. */
    private fun call(nanos: Long) {
        nowNanos += nanos
        calls++
    }

    @Test
    fun `a warm-up whose calls keep getting faster makes all its calls, then the series is timed`() {
        sampler(warmup = 5, warmupMillis = 0).sample { call(MILLI shr calls) }
        assertThat(calls).isEqualTo(5 + LONG_SERIES)
    }

    @Test
    fun `a warm-up past its least length ends once its last two calls are no faster than the ones before`() {
        sampler(warmup = 10, warmupMillis = 0).sample { call(MILLI) }
        assertThat(calls).isEqualTo(3 + LONG_SERIES)
    }

    @Test
    fun `a warm-up lasts its least length however steady its calls`() {
        sampler(warmup = 10, warmupMillis = 7, repetitions = 20).sample { call(MILLI) }
        assertThat(calls).isEqualTo(7 + 20)
    }

    @Test
    fun `a warm-up ends two calls after its calls stop getting faster, a slow call among them or not`() {
        val durations = longArrayOf(4 * MILLI, 2 * MILLI, MILLI, 3 * MILLI, MILLI)
        sampler(warmup = 10, warmupMillis = 0).sample { call(durations.getOrElse(calls) { MILLI }) }
        assertThat(calls).isEqualTo(5 + LONG_SERIES)
    }

    @Test
    fun `a warm-up past its least length ends, steady or not, once it has had its share of the series' time`() {
        // 15% of 20 calls at the fastest so far: the third call, 27 ms in all, passes 3 x 8 ms
        sampler(warmup = 10, warmupMillis = 0, repetitions = 20).sample { call(maxOf(1, 10 - calls) * MILLI) }
        assertThat(calls).isEqualTo(3 + 20)
    }

    @Test
    fun `a series measured again right after a discarded one makes no warm-up call`() {
        sampler(warmup = 5, warmupMillis = 60_000).sample(warmUp = false) { call(MILLI) }
        assertThat(calls).isEqualTo(LONG_SERIES)
    }

    @Test
    fun `no calls and no time make no warm-up call`() {
        sampler(warmup = 0, warmupMillis = 0).sample { call(MILLI) }
        assertThat(calls).isEqualTo(LONG_SERIES)
    }

    private companion object {
        const val MILLI = 1_000_000L
        const val LONG_SERIES = 1_000
    }
}
