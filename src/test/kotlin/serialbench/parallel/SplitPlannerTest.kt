package serialbench.parallel

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.parallel.SplitCosts.Direction.DECODE
import serialbench.parallel.SplitCosts.Direction.ENCODE

/** The decision to split, from recorded costs (no clock involved). */
@Order(TestOrder.UNIT)
@Timeout(10)
class SplitPlannerTest {
    private val key = Any()

    private fun planner(nanosPerChar: Double, overheadNanos: Long, adaptive: Boolean = true, minParallelChars: Int = 0): SplitPlanner {
        val costs = SplitCosts()
        repeat(40) {
            costs.recordEngine(key, DECODE, 1_000_000, (nanosPerChar * 1_000_000).toLong())
            costs.recordEngine(key, ENCODE, 1_000_000, (nanosPerChar * 1_000_000).toLong())
            // Wall time = overhead + engine time over 2 threads.
            costs.recordSplit(overheadNanos + 500_000, 1_000_000, 2)
        }
        return SplitPlanner(parallelism = 2, minParallelChars = minParallelChars, chunksPerThread = 8, adaptive = adaptive, costs = costs)
    }

    @Test
    fun `a text is split only when the engine's time is several times a split call's overhead`() {
        val fast = planner(nanosPerChar = 1.0, overheadNanos = 30_000)
        assertThat(fast.costs.overheadNanos).isBetween(29_000.0, 31_000.0)
        assertThat(fast.splitsText(key, 100_000)).`as`("100 us of engine time against 30 us of overhead").isFalse()
        assertThat(fast.splitsText(key, 130_000)).`as`("130 us of engine time against 30 us of overhead").isTrue()
        val slow = planner(nanosPerChar = 3.0, overheadNanos = 30_000)
        assertThat(slow.splitsText(key, 45_000)).`as`("135 us of engine time against 30 us of overhead").isTrue()
    }

    @Test
    fun `a starved pool (a large measured overhead) keeps even large texts on the calling thread`() {
        val starved = planner(nanosPerChar = 2.0, overheadNanos = 5_000_000)
        assertThat(starved.splitsText(key, 5_000_000)).isFalse()
        assertThat(starved.splitsText(key, 20_000_000)).isTrue()
    }

    @Test
    fun `without adaptive splitting every text from the minimum on is split, whatever the costs`() {
        val fixed = planner(nanosPerChar = 0.001, overheadNanos = 5_000_000, adaptive = false, minParallelChars = 1000)
        assertThat(fixed.splitsText(key, 999)).isFalse()
        assertThat(fixed.splitsText(key, 1000)).isTrue()
    }

    @Test
    fun `tasks carry at least about 50 us of engine time, one per thread at least, eight per thread at most`() {
        val text = "[" + List(20_000) { "1234567" }.joinToString(",") + "]"
        assertThat(planner(nanosPerChar = 1.0, overheadNanos = 1).slices(key, text, guess = false)!!.sliceCount)
            .`as`("160 us of engine time").isEqualTo(3)
        assertThat(planner(nanosPerChar = 0.01, overheadNanos = 1).slices(key, text, guess = false)!!.sliceCount)
            .`as`("1.6 us of engine time").isEqualTo(2)
        assertThat(planner(nanosPerChar = 100.0, overheadNanos = 1).slices(key, text, guess = false)!!.sliceCount)
            .`as`("16 ms of engine time").isEqualTo(16)
    }
}
