package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

/** A series' warm-up: its calls before the timed ones, counted; none before a series measured again. */
@Order(TestOrder.UNIT)
class SamplerWarmUpTest {
    private var calls = 0

    @Test
    fun `a series is warmed up by its calls at least, then timed`() {
        Sampler(repetitions = 3, warmup = 5, warmupMillis = 0).sample { calls++ }
        assertThat(calls).isEqualTo(5 + 3)
    }

    @Test
    fun `a series measured again right after a discarded one makes no warm-up call`() {
        Sampler(repetitions = 3, warmup = 5, warmupMillis = 60_000).sample(warmUp = false) { calls++ }
        assertThat(calls).isEqualTo(3)
    }

    @Test
    fun `no calls and no time make no warm-up call`() {
        Sampler(repetitions = 2, warmup = 0, warmupMillis = 0).sample { calls++ }
        assertThat(calls).isEqualTo(2)
    }
}
