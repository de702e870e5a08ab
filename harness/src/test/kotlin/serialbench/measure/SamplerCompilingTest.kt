package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.RunPhase

/**
 * A series the JIT compiled through: made again once, after a warm-up, and the second kept; the calls of the first
 * counted as dropped. The JIT's clock ([compiledMillis]) moves by what each call says it compiled.
 */
@Order(TestOrder.UNIT)
class SamplerCompilingTest {
    private var calls = 0
    private var compiledMillis = 0L

    private fun sampler(clock: PhaseClock? = null, jit: () -> Long? = { compiledMillis }) = Sampler(
        repetitions = REPETITIONS,
        warmup = 0,
        warmupMillis = 0,
        clock = clock,
        jitMillis = jit,
        jvmThreadsNanos = { 0L },
    )

    /** A call during which the JIT compiled [millis], in each of the first [compilingCalls] calls, which sleep [sleepMillis]. */
    private fun call(compilingCalls: Int, millis: Long, sleepMillis: Long = 0): Int {
        calls++
        if (calls <= compilingCalls) {
            compiledMillis += millis
            Thread.sleep(sleepMillis)
        }
        return calls
    }

    @Test
    fun `a series the JIT compiled through is made again, and the second is kept`() {
        // 4 x 20 ms of compiling over the first series' calls of microseconds; none in the second
        val series = sampler().series { call(compilingCalls = REPETITIONS, millis = 20) }
        assertThat(series.compilingRepeats).isEqualTo(1)
        assertThat(calls).isEqualTo(2 * REPETITIONS)
        assertThat(series.samples.jitMillis).isZero()
    }

    @Test
    fun `a series the JIT compiles through every time is kept after being made again once`() {
        val series = sampler().series { call(compilingCalls = Int.MAX_VALUE, millis = 20) }
        assertThat(series.compilingRepeats).isEqualTo(CodecBenchmark.MAX_COMPILING_REPEATS)
        assertThat(calls).isEqualTo((1 + CodecBenchmark.MAX_COMPILING_REPEATS) * REPETITIONS)
        assertThat(series.samples.jitMillis).isEqualTo(REPETITIONS * 20L)
    }

    @Test
    fun `a few milliseconds of compiling in a series are no reason to make it again`() {
        // 4 x 12 ms: 48 ms, under the 50 ms that count
        val series = sampler().series { call(compilingCalls = REPETITIONS, millis = 12) }
        assertThat(series.compilingRepeats).isZero()
        assertThat(calls).isEqualTo(REPETITIONS)
        assertThat(series.samples.jitMillis).isEqualTo(48L)
    }

    @Test
    fun `compiling for a small share of long calls is no reason to make the series again`() {
        // 4 x 13 ms of compiling, over 50 ms, during 4 calls of at least 700 ms: under 2% of them
        val series = sampler().series { call(compilingCalls = REPETITIONS, millis = 13, sleepMillis = 700) }
        assertThat(series.samples.jitMillis).isEqualTo(52L)
        assertThat(series.compilingRepeats).isZero()
        assertThat(calls).isEqualTo(REPETITIONS)
    }

    @Test
    fun `the calls of a series made again count as timed calls dropped, the calls kept as timed calls`() {
        val clock = PhaseClock(RunPhase.OTHER)
        val series = sampler(clock).series { call(compilingCalls = REPETITIONS, millis = 20, sleepMillis = 5) }
        val phases = clock.snapshot()
        assertThat(series.compilingRepeats).isEqualTo(1)
        assertThat(requireNotNull(phases[RunPhase.REPEATED_SERIES])).isGreaterThanOrEqualTo(REPETITIONS * 5_000_000L)
        assertThat(requireNotNull(phases[RunPhase.TIMED_CALLS])).isLessThan(REPETITIONS * 5_000_000L)
    }

    @Test
    fun `where the JVM does not count compilation, no series is made again`() {
        val series = sampler(jit = { null }).series { call(compilingCalls = REPETITIONS, millis = 20) }
        assertThat(series.compilingRepeats).isZero()
        assertThat(calls).isEqualTo(REPETITIONS)
        assertThat(series.samples.jitMillis).isNull()
    }

    @Test
    fun `a marked series the JIT compiled through is made again too`() {
        val series = sampler().seriesMarked { mark ->
            call(compilingCalls = REPETITIONS, millis = 20).also { mark.mark() }
        }
        assertThat(series.compilingRepeats).isEqualTo(1)
        assertThat(calls).isEqualTo(2 * REPETITIONS)
    }

    private companion object {
        const val REPETITIONS = 4
    }
}
