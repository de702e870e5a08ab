package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

/**
 * A series' warm-up: its calls before the timed ones, counted on a clock that each call moves on by its own
 * duration; no least length for code that ran at another size before.
 */
@Order(TestOrder.UNIT)
class SamplerWarmUpTest {
    private var calls = 0
    private var nowNanos = 0L

    /** The JIT compilers' total time after so many calls: quiet unless a test says otherwise. */
    private var jitMillis: (calls: Int) -> Long? = { 0L }

    /** The JVM's own threads' CPU time after so many calls: idle unless a test says otherwise. */
    private var jvmThreadsNanos: (calls: Int) -> Long? = { 0L }

    private fun sampler(
        warmup: Int,
        warmupMillis: Long,
        maxJitWaitMillis: Long = warmupMillis * CodecBenchmark.JIT_WAIT_FACTOR,
    ) = Sampler(
        repetitions = 3,
        warmup = warmup,
        warmupMillis = warmupMillis,
        warmUpNanoTime = { nowNanos },
        jitMillis = { jitMillis(calls) },
        jvmThreadsNanos = { jvmThreadsNanos(calls) },
        maxJitWaitMillis = maxJitWaitMillis,
    )

    /** A call that takes [nanos] on the warm-up's clock. */
    private fun call(nanos: Long) {
        nowNanos += nanos
        calls++
    }

    @Test
    fun `a warm-up whose calls keep getting faster makes all its calls, then the series is timed`() {
        sampler(warmup = 5, warmupMillis = 0).series { call(MILLI shr calls) }
        assertThat(calls).isEqualTo(5 + 3)
    }

    @Test
    fun `a warm-up past its least length ends once its last two calls are no faster than the ones before`() {
        sampler(warmup = 10, warmupMillis = 0).series { call(MILLI) }
        assertThat(calls).isEqualTo(3 + 3)
    }

    @Test
    fun `a warm-up lasts its least length however steady its calls`() {
        sampler(warmup = 10, warmupMillis = 7).series { call(MILLI) }
        assertThat(calls).isEqualTo(7 + 3)
    }

    @Test
    fun `a warm-up ends two calls after its calls stop getting faster, a slow call among them or not`() {
        val durations = longArrayOf(4 * MILLI, 2 * MILLI, MILLI, 3 * MILLI, MILLI)
        sampler(warmup = 10, warmupMillis = 0).series { call(durations.getOrElse(calls) { MILLI }) }
        assertThat(calls).isEqualTo(5 + 3)
    }

    @Test
    fun `a series of code that ran at another size warms up until steady, without the least length`() {
        sampler(warmup = 5, warmupMillis = 60_000).series(leastWarmUp = false) { call(MILLI) }
        assertThat(calls).isEqualTo(3 + 3)
    }

    @Test
    fun `a series of code that ran at another size warms up at most its least length past its first call`() {
        // never steady; the third call ends 7 ms after the first
        val durations = longArrayOf(5 * MILLI, 4 * MILLI, 3 * MILLI, 2 * MILLI, MILLI)
        val sampler = sampler(warmup = 10, warmupMillis = 7)
        sampler.series(leastWarmUp = false) { call(durations.getOrElse(calls) { MILLI }) }
        assertThat(calls).isEqualTo(3 + 3)
    }

    @Test
    fun `a series of code that ran at another size makes a second call however long its first`() {
        sampler(warmup = 10, warmupMillis = 7).series(leastWarmUp = false) { call(20 * MILLI) }
        assertThat(calls).isEqualTo(2 + 3)
    }

    @Test
    fun `a series of code that ran at another size whose first call is like the others ends with it if that long`() {
        sampler(warmup = 10, warmupMillis = 7).series(leastWarmUp = false, firstCallPlain = true) { call(20 * MILLI) }
        assertThat(calls).isEqualTo(1 + 3)
    }

    @Test
    fun `a plain first call shorter than the least length counts towards it from its start`() {
        // never steady; calls of 5, 4, 3 ms: the second ends 9 ms after the first began, past 7 ms
        val durations = longArrayOf(5 * MILLI, 4 * MILLI, 3 * MILLI, 2 * MILLI, MILLI)
        val sampler = sampler(warmup = 10, warmupMillis = 7)
        sampler.series(leastWarmUp = false, firstCallPlain = true) { call(durations.getOrElse(calls) { MILLI }) }
        assertThat(calls).isEqualTo(2 + 3)
    }

    @Test
    fun `a warm-up that would end goes on until the JIT has compiled nothing for a while`() {
        // calls of 10 ms, the JIT compiling until the 8th ends at 80 ms: quiet from 80 + 100 ms on
        jitMillis = { calls -> minOf(calls, 8).toLong() }
        sampler(warmup = 10, warmupMillis = 50).series { call(10 * MILLI) }
        assertThat(calls).isEqualTo(18 + 3)
    }

    @Test
    fun `a warm-up that would end goes on while the JVM's own threads compile, though no compilation finished`() {
        // calls of 10 ms, the JVM's threads busy until the 8th call ends at 80 ms: under half of the last 100 ms busy
        // from 140 ms on
        jvmThreadsNanos = { calls -> minOf(calls, 8) * 10 * MILLI }
        sampler(warmup = 10, warmupMillis = 100).series { call(10 * MILLI) }
        assertThat(calls).isEqualTo(14 + 3)
    }

    @Test
    fun `a warm-up too short to read the JVM's own threads over half the quiet time does not wait for them`() {
        jvmThreadsNanos = { calls -> calls * 10 * MILLI }
        sampler(warmup = 10, warmupMillis = 40).series { call(10 * MILLI) }
        assertThat(calls).isEqualTo(4 + 3)
    }

    @Test
    fun `a JIT that never goes quiet holds the warm-up for a few least lengths at most`() {
        jitMillis = { calls -> calls.toLong() }
        sampler(warmup = 10, warmupMillis = 50).series { call(10 * MILLI) }
        // warm at 50 ms, then at most 4 x 50 ms more
        assertThat(calls).isEqualTo(5 + CodecBenchmark.JIT_WAIT_FACTOR * 5 + 3)
    }

    @Test
    fun `a JIT that never goes quiet holds the warm-up for the longest wait it is given`() {
        jitMillis = { calls -> calls.toLong() }
        sampler(warmup = 10, warmupMillis = 50, maxJitWaitMillis = 1_000).series { call(10 * MILLI) }
        // warm at 50 ms, then 1,000 ms more
        assertThat(calls).isEqualTo(5 + 100 + 3)
    }

    @Test
    fun `a JVM that does not count its compilation time warms up as one whose JIT is quiet`() {
        jitMillis = { null }
        sampler(warmup = 10, warmupMillis = 50).series { call(10 * MILLI) }
        assertThat(calls).isEqualTo(5 + 3)
    }

    @Test
    fun `no calls and no time make no warm-up call`() {
        sampler(warmup = 0, warmupMillis = 0).series { call(MILLI) }
        assertThat(calls).isEqualTo(3)
    }

    private companion object {
        const val MILLI = 1_000_000L
    }
}
