package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.RunPhase

/** Every nanosecond in exactly one phase: the phases add up to the time since the clock was made. */
@Order(TestOrder.UNIT)
class PhaseClockTest {
    private var now = 0L
    private val clock = PhaseClock(RunPhase.OTHER) { now }

    @Test
    fun `a nested phase pauses the one around it, which resumes after, and the phases add up to the elapsed time`() {
        now += 5
        clock.time(RunPhase.CODEC_WARM_UP) {
            now += 10
            clock.time(RunPhase.TIMED_CALLS) { now += 100 }
            now += 20
        }
        now += 7
        assertThat(clock.snapshot()).isEqualTo(
            mapOf(RunPhase.OTHER to 12L, RunPhase.CODEC_WARM_UP to 30L, RunPhase.TIMED_CALLS to 100L),
        )
        assertThat(clock.snapshot().values.sum()).isEqualTo(now)
    }

    @Test
    fun `the calls a series dropped move from the timed calls to the series measured again`() {
        clock.time(RunPhase.SERIES_WARM_UP) { now += 8 }
        clock.time(RunPhase.TIMED_CALLS) { now += 90 }
        clock.split(RunPhase.TIMED_CALLS, mapOf(RunPhase.REPEATED_SERIES to 40L))
        assertThat(clock.snapshot()).isEqualTo(
            mapOf(RunPhase.SERIES_WARM_UP to 8L, RunPhase.TIMED_CALLS to 50L, RunPhase.REPEATED_SERIES to 40L),
        )
    }

    @Test
    fun `a fork's own phases are split out of its wall time, the rest staying with JVM starts`() {
        clock.time(RunPhase.JVM_STARTS) { now += 1_000 }
        clock.split(RunPhase.JVM_STARTS, mapOf(RunPhase.TIMED_CALLS to 600L, RunPhase.SETUP to 100L))
        assertThat(clock.snapshot()).isEqualTo(
            mapOf(RunPhase.JVM_STARTS to 300L, RunPhase.TIMED_CALLS to 600L, RunPhase.SETUP to 100L),
        )
        assertThatThrownBy { clock.split(RunPhase.JVM_STARTS, mapOf(RunPhase.TIMED_CALLS to 301L)) }
            .hasMessage("JVM_STARTS holds 300 ns, less than the 301 ns split out of it")
    }
}
