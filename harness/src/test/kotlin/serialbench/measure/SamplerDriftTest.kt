package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.RunPhase

/**
 * A series still getting faster: its first half dropped, its second kept and as many calls timed again after it,
 * with the allocation and time of those calls alone. Calls that sleep stand for calls the JIT has not compiled yet,
 * and the JIT's clock ([compiledMillis]) moves while they run; a drift with a still clock is the machine's noise.
 */
@Order(TestOrder.UNIT)
class SamplerDriftTest {
    private var calls = 0

    /** The JIT's total compilation time as the sampler reads it: a millisecond more for each slow call. */
    private var compiledMillis = 0L

    private fun sampler(repetitions: Int, clock: PhaseClock? = null, jit: () -> Long? = { compiledMillis }) =
        Sampler(repetitions, warmup = 0, warmupMillis = 0, clock = clock, jitMillis = jit, jvmThreadsNanos = { 0L })

    /** Sleeps [millis] in each of the first [slowCalls] calls (and allocates [bytes] there), not after. */
    private fun call(slowCalls: Int, millis: Long = SLOW_MILLIS, bytes: Int = 0): Any? {
        calls++
        if (calls > slowCalls) return null
        compiledMillis++
        Thread.sleep(millis)
        return ByteArray(bytes)
    }

    @Test
    fun `a series whose second half ran faster drops its first half and goes on from its second`() {
        val series = sampler(repetitions = 20).series { call(slowCalls = 11) }
        // a second slide may follow: the fast calls' halves can differ by chance
        assertThat(series.halvesDropped).isBetween(1, CodecBenchmark.MAX_REPEATS)
        assertThat(calls).isEqualTo(20 + 10 * series.halvesDropped)
        val durations = series.samples.durationsNanos
        assertThat(durations).hasSize(20)
        // one slide keeps calls 11 to 20 of the first series (the eleventh slow), then calls 21 to 30
        val slow = durations.count { it >= SLOW_MILLIS * 1_000_000 }
        assertThat(slow).isEqualTo(if (series.halvesDropped == 1) 1 else 0)
        if (series.halvesDropped == 1) assertThat(durations[0]).isGreaterThanOrEqualTo(SLOW_MILLIS * 1_000_000)
    }

    @Test
    fun `a series that keeps getting faster goes on at most twice, then is kept as it is`() {
        // 200, 100, 66, 50, ... ms: every window's second half is faster than its first, call by call
        val series = sampler(repetitions = 8).series {
            calls++
            compiledMillis++
            Thread.sleep(200L / calls)
        }
        assertThat(series.halvesDropped).isEqualTo(CodecBenchmark.MAX_REPEATS)
        assertThat(calls).isEqualTo(8 + 4 + 4)
        assertThat(series.stats.driftPercent).isLessThanOrEqualTo(-CodecBenchmark.STEADY_DRIFT_PERCENT)
    }

    @Test
    fun `a series whose halves differ by their medians but not by the ranks of their calls is kept`() {
        // milliseconds 3 apart, so that the order of the calls is that of their sleeps: medians 63 and 15 ms, and
        // the second half's two slowest calls slower than every call of the first
        val sleeps = longArrayOf(60, 63, 66, 3, 6, 9, 12, 15, 69, 72)
        val series = sampler(repetitions = sleeps.size).series {
            compiledMillis++
            Thread.sleep(sleeps[calls++ % sleeps.size])
        }
        assertThat(series.stats.driftPercent).isLessThan(-50.0)
        assertThat(series.halvesDropped).isZero()
        assertThat(calls).isEqualTo(sleeps.size)
    }

    @Test
    fun `a series that went on counts the allocation of the calls it kept, not of those it dropped`() {
        val perCall = 4 shl 20
        val series = sampler(repetitions = 20).series { call(slowCalls = 11, bytes = perCall) }
        // of the eleven 4 MiB arrays only the eleventh call's is among the calls kept after one slide, none after two
        val kept = if (series.halvesDropped == 1) perCall.toLong() else 0L
        assertThat(series.halvesDropped).isBetween(1, CodecBenchmark.MAX_REPEATS)
        assertThat(series.samples.allocatedBytes).isBetween(kept, kept + (1L shl 20))
    }

    @Test
    fun `the calls a series dropped count as timed calls dropped for drift, the calls it kept as timed calls`() {
        val clock = PhaseClock(RunPhase.OTHER)
        val series = sampler(repetitions = 20, clock = clock).series { call(slowCalls = 11) }
        val phases = clock.snapshot()
        assertThat(
            requireNotNull(phases[RunPhase.REPEATED_SERIES]),
        ).isGreaterThanOrEqualTo(10 * SLOW_MILLIS * 1_000_000)
        assertThat(requireNotNull(phases[RunPhase.TIMED_CALLS])).isGreaterThanOrEqualTo(
            series.samples.durationsNanos.sum(),
        )
    }

    @Test
    fun `a series that ran faster in its second half with no compilation in its first is kept as measured`() {
        // the same slow first calls as a series still warming up, with the JIT's clock still: a slower spell
        val series = sampler(repetitions = 20, jit = { 0L }).series { call(slowCalls = 11) }
        assertThat(series.stats.driftPercent).isLessThanOrEqualTo(-CodecBenchmark.STEADY_DRIFT_PERCENT)
        assertThat(series.halvesDropped).isZero()
        assertThat(calls).isEqualTo(20)
        assertThat(series.samples.firstHalfJitMillis).isZero()
    }

    @Test
    fun `where the JVM does not count compilation, the drift alone decides`() {
        val series = sampler(repetitions = 20, jit = { null }).series { call(slowCalls = 11) }
        assertThat(series.halvesDropped).isBetween(1, CodecBenchmark.MAX_REPEATS)
        assertThat(calls).isEqualTo(20 + 10 * series.halvesDropped)
        assertThat(series.samples.firstHalfJitMillis).isNull()
    }

    private companion object {
        const val SLOW_MILLIS = 3L
    }
}
