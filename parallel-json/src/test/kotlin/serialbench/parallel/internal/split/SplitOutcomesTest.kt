package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import serialbench.parallel.internal.split.SplitCosts.Direction.DECODE
import serialbench.parallel.internal.split.SplitCosts.Direction.ENCODE
import serialbench.parallel.internal.split.SplitOutcomes.Choice.PLAN
import serialbench.parallel.internal.split.SplitOutcomes.Choice.WHOLE
import serialbench.parallel.internal.split.SplitOutcomes.Companion.FIRST_WHOLE_EVERY
import serialbench.parallel.internal.split.SplitOutcomes.Companion.REFRESH_CALLS
import serialbench.parallel.internal.split.SplitOutcomes.Companion.SAMPLES

/** The choice between the planner's way and the engine alone, from recorded call times (no clock involved). */
class SplitOutcomesTest {
    private val size = 100_000L

    /** [calls] calls of [size] chosen and recorded, the planner's way taking [planNanos], the engine's [wholeNanos]. */
    private fun SplitOutcomes.calls(
        calls: Int,
        planNanos: Long,
        wholeNanos: Long,
        size: Long = this@SplitOutcomesTest.size,
    ): List<SplitOutcomes.Choice> = List(calls) {
        choose(ENCODE, size).also { record(ENCODE, size, it, if (it == PLAN) planNanos else wholeNanos) }
    }

    @Test
    fun `the planner's way is taken until it has measurements, then the engine alone is measured now and then`() {
        val choices = SplitOutcomes().calls(
            SAMPLES + SAMPLES * FIRST_WHOLE_EVERY,
            planNanos = 1_000,
            wholeNanos = 2_000,
        )
        assertThat(choices.take(SAMPLES)).containsOnly(PLAN)
        assertThat(choices.drop(SAMPLES).count { it == WHOLE }).isEqualTo(SAMPLES)
        assertThat(choices.drop(SAMPLES).chunked(FIRST_WHOLE_EVERY)).allSatisfy {
            assertThat(it.last()).isEqualTo(WHOLE)
        }
    }

    @Test
    fun `where the planner's way took longer than the engine alone, calls run whole, the planner's tried again`() {
        val outcomes = SplitOutcomes()
        outcomes.calls(SAMPLES * (FIRST_WHOLE_EVERY + 1), planNanos = 900_000, wholeNanos = 500_000)
        val later = outcomes.calls(2 * REFRESH_CALLS, planNanos = 900_000, wholeNanos = 500_000)
        assertThat(later.count { it == PLAN }).describedAs("the planner's way tried again").isEqualTo(2)
        assertThat(later.count { it == WHOLE }).isEqualTo(2 * REFRESH_CALLS - 2)
    }

    @Test
    fun `where the planner's way gains, it is kept and the engine alone measured again every so often`() {
        val outcomes = SplitOutcomes()
        outcomes.calls(SAMPLES * (FIRST_WHOLE_EVERY + 1), planNanos = 300_000, wholeNanos = 500_000)
        val later = outcomes.calls(2 * REFRESH_CALLS, planNanos = 300_000, wholeNanos = 500_000)
        assertThat(later.count { it == WHOLE }).isEqualTo(2)
    }

    @Test
    fun `a gain smaller than the margin runs whole, and one slow call does not decide`() {
        val close = SplitOutcomes()
        close.calls(SAMPLES * (FIRST_WHOLE_EVERY + 1), planNanos = 490_000, wholeNanos = 500_000)
        assertThat(close.calls(10, planNanos = 490_000, wholeNanos = 500_000)).containsOnly(WHOLE)

        val stalled = SplitOutcomes()
        stalled.calls(SAMPLES * (FIRST_WHOLE_EVERY + 1), planNanos = 300_000, wholeNanos = 500_000)
        // One planner's call stalled by a collection: the median of the last five still favours it.
        stalled.record(ENCODE, size, PLAN, 50_000_000)
        assertThat(stalled.calls(10, planNanos = 300_000, wholeNanos = 500_000)).containsOnly(PLAN)
    }

    @Test
    fun `each size class and direction learns apart`() {
        val outcomes = SplitOutcomes()
        outcomes.calls(SAMPLES * (FIRST_WHOLE_EVERY + 1), planNanos = 900_000, wholeNanos = 500_000)
        assertThat(outcomes.calls(10, planNanos = 900_000, wholeNanos = 500_000)).containsOnly(WHOLE)
        assertThat(outcomes.choose(ENCODE, 4 * size)).describedAs("four times the size").isEqualTo(PLAN)
        assertThat(outcomes.choose(DECODE, size)).describedAs("the other direction").isEqualTo(PLAN)
    }
}
