package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

/**
 * A series' warm-up: its calls, then blocks of as many until a block's median is no longer 5% faster than the block
 * before, within its time budget. Calls are counted, never timed against a threshold: the busy calls below take the
 * time they are given.
 */
@Order(TestOrder.UNIT)
class SamplerWarmUpTest {
    /** Call i (from 0) busy-waits 100 us, plus 100 us for each of the [fasterCalls] - i calls still to get faster. */
    private class GettingFaster(private val fasterCalls: Int) {
        var calls = 0

        fun call(): Int {
            val waitNanos = (maxOf(fasterCalls - calls, 0) + 1) * 100_000L
            val start = System.nanoTime()
            while (System.nanoTime() - start < waitNanos) Thread.onSpinWait()
            return calls++
        }
    }

    @Test
    fun `the warm-up goes on while the calls get faster and ends once they are steady, long before its budget`() {
        val subject = GettingFaster(fasterCalls = 20)
        Sampler(repetitions = 3, warmup = 5, warmupMillis = 60_000).sample { subject.call() }
        val warmUpCalls = subject.calls - 3
        // 20 calls getting faster, then a block of steady calls to compare with: 25 at least; 60 s of budget would
        // allow over 100,000 calls of 100 us
        assertThat(warmUpCalls).isBetween(25, 100)
        assertThat(warmUpCalls % 5).isZero()
    }

    @Test
    fun `with steady calls, the warm-up is its calls and one block to compare them with`() {
        val subject = GettingFaster(fasterCalls = 0)
        Sampler(repetitions = 3, warmup = 10, warmupMillis = 60_000).sample { subject.call() }
        assertThat(subject.calls - 3).isBetween(20, 40)
    }

    @Test
    fun `a spent budget ends the warm-up after its calls, and no calls and no time make no call`() {
        val slow = GettingFaster(fasterCalls = 1_000)
        Sampler(repetitions = 1, warmup = 4, warmupMillis = 0).sample { slow.call() }
        assertThat(slow.calls).isEqualTo(4 + 1)
        val none = GettingFaster(fasterCalls = 0)
        Sampler(repetitions = 2, warmup = 0, warmupMillis = 0).sample { none.call() }
        assertThat(none.calls).isEqualTo(2)
    }

    @Test
    fun `a series measured again right after a discarded one makes no warm-up call`() {
        val subject = GettingFaster(fasterCalls = 0)
        Sampler(repetitions = 3, warmup = 5, warmupMillis = 60_000).sample(warmUp = false) { subject.call() }
        assertThat(subject.calls).isEqualTo(3)
    }
}
