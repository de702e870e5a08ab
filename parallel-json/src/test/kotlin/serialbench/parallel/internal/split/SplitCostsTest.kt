package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/** What a split costs, as the measurements of recent split calls say, on a clock the test moves. */
class SplitCostsTest {
    private var now = 1_000_000_000L
    private val costs = SplitCosts { now }

    /** A split call of 1 ms of engine time in 16 tasks on [threads] threads, [overheadNanos] beyond its share. */
    private fun split(overheadNanos: Long, threads: Int = 2) =
        costs.recordSplit(overheadNanos + 1_000_000 / threads + 1_000_000 / 16 / 2, 1_000_000, threads, 16)

    @Test
    fun `split calls stalled a while ago no longer count, the overhead and the threads are as if never measured`() {
        val fresh = SplitCosts().overheadNanos
        repeat(5) { split(overheadNanos = 5_000_000) }
        assertThat(costs.overheadNanos).isEqualTo(5_000_000.0)
        now += SplitCosts.MAX_AGE_NANOS
        assertThat(costs.overheadNanos).`as`("measured just within the age").isEqualTo(5_000_000.0)
        now += 1
        assertThat(costs.overheadNanos).isEqualTo(fresh)
        repeat(5) { split(overheadNanos = 0, threads = 1) }
        assertThat(costs.threads).isEqualTo(1)
        now += SplitCosts.MAX_AGE_NANOS + 1
        assertThat(costs.threads).isEqualTo(Int.MAX_VALUE)
    }

    @Test
    fun `the oldest measurement is the first to expire, and the next split call replaces it`() {
        split(overheadNanos = 30_000)
        now += 100_000_000
        repeat(4) { split(overheadNanos = 5_000_000) }
        assertThat(costs.overheadNanos).isEqualTo(30_000.0)
        // The unhindered call expires: what remains is four stalled calls and the initial estimate.
        now += SplitCosts.MAX_AGE_NANOS - 50_000_000
        assertThat(costs.overheadNanos).isEqualTo(SplitCosts().overheadNanos)
        split(overheadNanos = 5_000_000)
        assertThat(costs.overheadNanos).isEqualTo(5_000_000.0)
    }
}
