package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

/**
 * A timed repetition of calls shorter than its least length: as many calls in a row as fill it by the warm-up's last
 * calls (each moves the warm-up's clock on by its own duration), their mean its time, their allocation per call.
 */
@Order(TestOrder.UNIT)
class SamplerRepetitionCallsTest {
    private var calls = 0
    private var nowNanos = 0L

    private fun sampler(minRepetitionNanos: Long, repetitions: Int = 3, warmup: Int = 3) = Sampler(
        repetitions = repetitions,
        warmup = warmup,
        warmupMillis = 0,
        minRepetitionNanos = minRepetitionNanos,
        warmUpNanoTime = { nowNanos },
        // a JIT that compiles nothing: no series is made again, whatever this JVM compiles meanwhile
        jitMillis = { 0L },
    )

    /** A call that takes [nanos] on the warm-up's clock, and returns [result]. */
    private fun call(nanos: Long, result: Any? = null): Any? {
        nowNanos += nanos
        calls++
        return result
    }

    @Test
    fun `calls shorter than a repetition's least length are timed as many in a row as fill it`() {
        val series = sampler(minRepetitionNanos = 100 * MICRO).series { call(30 * MICRO) }
        // three steady warm-up calls of 30 us: 4 calls of 30 us fill 100 us
        assertThat(calls).isEqualTo(3 + 3 * 4)
        assertThat(series.samples.calls).isEqualTo(3L * 4)
        assertThat(series.samples.callsPerRepetition).isEqualTo(4)
        assertThat(series.samples.durationsNanos).hasSize(3)
    }

    @Test
    fun `calls as long as a repetition's least length, or without one, are timed one per repetition`() {
        sampler(minRepetitionNanos = 100 * MICRO).series { call(100 * MICRO) }
        assertThat(calls).isEqualTo(3 + 3)
        calls = 0
        sampler(minRepetitionNanos = 0).series { call(MICRO) }
        assertThat(calls).isEqualTo(3 + 3)
    }

    @Test
    fun `a series with no warm-up call times one call per repetition`() {
        val series = sampler(minRepetitionNanos = 100 * MICRO, warmup = 0).series { call(MICRO) }
        assertThat(calls).isEqualTo(3)
        assertThat(series.samples.callsPerRepetition).isEqualTo(1)
    }

    @Test
    fun `calls of a few nanoseconds are timed at most the bound in a row`() {
        val series = sampler(minRepetitionNanos = 10 * MILLI, repetitions = 1).series { call(0) }
        assertThat(series.samples.calls).isEqualTo(Sampler.MAX_CALLS_PER_REPETITION)
    }

    @Test
    fun `a repetition's time is its calls' mean, so the repetitions together last no longer than the series`() {
        val start = System.nanoTime()
        val series = sampler(minRepetitionNanos = 100 * MICRO, repetitions = 5).series {
            call(20 * MICRO)
            val end = System.nanoTime() + 20 * MICRO
            while (System.nanoTime() - end < 0) Thread.onSpinWait()
        }
        val elapsed = System.nanoTime() - start
        val samples = series.samples
        assertThat(samples.callsPerRepetition).isEqualTo(5)
        assertThat(samples.durationsNanos.min()).isGreaterThanOrEqualTo(20 * MICRO)
        assertThat(samples.durationsNanos.sum() * samples.callsPerRepetition).isLessThanOrEqualTo(elapsed)
    }

    @Test
    fun `allocation is counted per call, not per repetition`() {
        val perCall = 1 shl 20
        val series = sampler(minRepetitionNanos = 100 * MICRO).series { call(10 * MICRO, ByteArray(perCall)) }
        assertThat(series.samples.callsPerRepetition).isEqualTo(10)
        val perOp = series.samples.allocatedBytesPerOp ?: return
        assertThat(perOp).isBetween(perCall.toLong(), perCall + (64L shl 10))
    }

    private companion object {
        const val MICRO = 1_000L
        const val MILLI = 1_000_000L
    }
}
