package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.RunPhase

/**
 * A series still getting faster: its first half dropped, its second kept and as many calls timed again after it,
 * with the allocation and time of those calls alone. Calls that sleep stand for calls the JIT has not compiled yet.
 */
@Order(TestOrder.UNIT)
class SamplerDriftTest {
    private var calls = 0

    /** Sleeps [millis] in each of the first [slowCalls] calls (and allocates [bytes] there), not after. */
    private fun call(slowCalls: Int, millis: Long = SLOW_MILLIS, bytes: Int = 0): Any? {
        calls++
        if (calls > slowCalls) return null
        Thread.sleep(millis)
        return ByteArray(bytes)
    }

    @Test
    fun `a series whose second half ran faster drops its first half and goes on from its second`() {
        val series = Sampler(repetitions = 10, warmup = 0, warmupMillis = 0).series { call(slowCalls = 6) }
        // a second slide may follow: the fast calls' halves can differ by 5% by chance
        assertThat(series.halvesDropped).isBetween(1, CodecBenchmark.MAX_REPEATS)
        assertThat(calls).isEqualTo(10 + 5 * series.halvesDropped)
        val durations = series.samples.durationsNanos
        assertThat(durations).hasSize(10)
        // one slide keeps calls 6 to 10 of the first series (the sixth slow), then calls 11 to 15
        val slow = durations.count { it >= SLOW_MILLIS * 1_000_000 }
        assertThat(slow).isEqualTo(if (series.halvesDropped == 1) 1 else 0)
        if (series.halvesDropped == 1) assertThat(durations[0]).isGreaterThanOrEqualTo(SLOW_MILLIS * 1_000_000)
    }

    @Test
    fun `a series that keeps getting faster goes on at most twice, then is kept as it is`() {
        // 100, 50, 33, 25, ... ms: every window's second half is faster than its first
        val series = Sampler(repetitions = 4, warmup = 0, warmupMillis = 0).series {
            calls++
            Thread.sleep(100L / calls)
        }
        assertThat(series.halvesDropped).isEqualTo(CodecBenchmark.MAX_REPEATS)
        assertThat(calls).isEqualTo(4 + 2 + 2)
        assertThat(series.stats.driftPercent).isLessThanOrEqualTo(-CodecBenchmark.STEADY_DRIFT_PERCENT)
    }

    @Test
    fun `a series that went on counts the allocation of the calls it kept, not of those it dropped`() {
        val perCall = 4 shl 20
        val series = Sampler(repetitions = 10, warmup = 0, warmupMillis = 0).series {
            call(slowCalls = 6, bytes = perCall)
        }
        // of the six 4 MiB arrays only the sixth call's is among the calls kept after one slide, none after two
        val kept = if (series.halvesDropped == 1) perCall.toLong() else 0L
        assertThat(series.halvesDropped).isBetween(1, CodecBenchmark.MAX_REPEATS)
        assertThat(series.samples.allocatedBytes).isBetween(kept, kept + (1L shl 20))
    }

    @Test
    fun `the calls a series dropped count as timed calls dropped for drift, the calls it kept as timed calls`() {
        val clock = PhaseClock(RunPhase.OTHER)
        val series = Sampler(repetitions = 10, warmup = 0, warmupMillis = 0, clock = clock).series {
            call(slowCalls = 6)
        }
        val phases = clock.snapshot()
        assertThat(requireNotNull(phases[RunPhase.REPEATED_SERIES])).isGreaterThanOrEqualTo(5 * SLOW_MILLIS * 1_000_000)
        assertThat(requireNotNull(phases[RunPhase.TIMED_CALLS])).isGreaterThanOrEqualTo(
            series.samples.durationsNanos.sum(),
        )
    }

    private companion object {
        const val SLOW_MILLIS = 3L
    }
}
