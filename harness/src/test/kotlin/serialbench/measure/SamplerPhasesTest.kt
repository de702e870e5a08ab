package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.RunPhase

/**
 * Where a series' time goes, on one clock that each call, the full GC and each chunk of garbage move on: the warm-up's
 * calls, its calls while it waits for the JIT, its full GC, the garbage that places the timed calls in the young
 * generation's cycle, and the timed calls, each in its own phase and adding up to the series.
 */
@Order(TestOrder.UNIT)
class SamplerPhasesTest {
    private var nowNanos = 0L
    private var calls = 0

    /** The JIT compilers' total time: it moves on in each call up to the [compilingCalls]th. */
    private var compiledMillis = 0L

    /** A young generation that each call fills by [CALL_BYTES] and a full GC empties. */
    private var edenUsed = 0L

    private fun sampler(clock: PhaseClock, gcPhase: GcPhase? = null) = Sampler(
        repetitions = REPETITIONS,
        warmup = WARM_UP_CALLS,
        warmupMillis = 0,
        clock = clock,
        warmUpNanoTime = { nowNanos },
        jitMillis = { compiledMillis },
        jvmThreadsNanos = { 0L },
        maxJitWaitMillis = JIT_WAIT_MILLIS,
        gcPhase = gcPhase,
        fullGc = {
            nowNanos += FULL_GC_NANOS
            edenUsed = 0
        },
    )

    /** A young generation of [YOUNG_BYTES], measured already; each chunk of garbage takes [FILL_NANOS_PER_KB]. */
    private fun gcPhase() = GcPhase(
        random = { 0.5 },
        youngCollections = { 0L },
        edenUsed = { edenUsed },
        allocate = { bytes ->
            edenUsed += bytes
            nowNanos += bytes / 1024 * FILL_NANOS_PER_KB
        },
        edenCommitted = { YOUNG_BYTES },
        given = GcPhase.Measured(YOUNG_BYTES, YOUNG_BYTES),
    )

    /** A call of [CALL_NANOS] on every clock, during which the JIT finishes a compilation up to [compilingCalls]. */
    private fun call(compilingCalls: Int): Int {
        calls++
        if (calls <= compilingCalls) compiledMillis++
        nowNanos += CALL_NANOS
        edenUsed += CALL_BYTES
        return calls
    }

    @Test
    fun `a warm-up's calls, its wait for the JIT, its full GC and the timed calls each go to their own phase`() {
        val clock = PhaseClock(RunPhase.OTHER) { nowNanos }
        // the JIT finishes something in each of the first 5 calls: the warm-up, steady after its 3 calls, waits until
        // none finished for 100 ms, made of calls of 1 ms
        sampler(clock).series { call(compilingCalls = 5) }
        val phases = clock.snapshot()
        assertThat(phases.keys).containsExactlyInAnyOrder(
            RunPhase.SERIES_WARM_UP,
            RunPhase.JIT_WAIT,
            RunPhase.FULL_GCS,
            RunPhase.TIMED_CALLS,
        )
        assertThat(phases[RunPhase.SERIES_WARM_UP]).isEqualTo(WARM_UP_CALLS * CALL_NANOS)
        val quietNanos = CodecBenchmark.JIT_QUIET_MILLIS * 1_000_000
        assertThat(phases[RunPhase.JIT_WAIT]).isEqualTo((5 - WARM_UP_CALLS) * CALL_NANOS + quietNanos)
        assertThat(phases[RunPhase.FULL_GCS]).isEqualTo(FULL_GC_NANOS)
        assertThat(phases[RunPhase.TIMED_CALLS]).isEqualTo(REPETITIONS * CALL_NANOS)
        assertThat(phases.values.sum()).isEqualTo(nowNanos)
    }

    @Test
    fun `a warm-up the JIT lets end at once has no wait, and its cap bounds one that never does`() {
        val quiet = PhaseClock(RunPhase.OTHER) { nowNanos }
        sampler(quiet).series { call(compilingCalls = 0) }
        assertThat(quiet.snapshot()).doesNotContainKey(RunPhase.JIT_WAIT)

        val busy = PhaseClock(RunPhase.OTHER) { nowNanos }
        sampler(busy).series { call(compilingCalls = Int.MAX_VALUE) }
        assertThat(busy.snapshot()[RunPhase.JIT_WAIT]).isEqualTo(JIT_WAIT_MILLIS * 1_000_000)
    }

    @Test
    fun `the garbage that places the timed calls in the young generation's cycle is a phase of its own`() {
        val clock = PhaseClock(RunPhase.OTHER) { nowNanos }
        // 4 timed calls of a quarter of the young generation each: filled half way, by the draw of 0.5
        sampler(clock, gcPhase()).series { call(compilingCalls = 0) }
        val phases = clock.snapshot()
        assertThat(phases[RunPhase.YOUNG_CYCLE_FILLS]).isEqualTo(YOUNG_BYTES / 2 / 1024 * FILL_NANOS_PER_KB)
        assertThat(phases[RunPhase.FULL_GCS]).isEqualTo(FULL_GC_NANOS)
        assertThat(phases[RunPhase.TIMED_CALLS]).isEqualTo(REPETITIONS * CALL_NANOS)
        assertThat(phases.values.sum()).isEqualTo(nowNanos)
    }

    private companion object {
        const val REPETITIONS = 4
        const val WARM_UP_CALLS = 3
        const val CALL_NANOS = 1_000_000L
        const val FULL_GC_NANOS = 7_000_000L
        const val JIT_WAIT_MILLIS = 500L
        const val YOUNG_BYTES = 64L * 1024 * 1024
        const val CALL_BYTES = YOUNG_BYTES / 4
        const val FILL_NANOS_PER_KB = 10L
    }
}
