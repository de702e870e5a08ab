package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import serialbench.parallel.internal.split.DocumentCalls.Companion.EXPLORE_AFTER
import serialbench.parallel.internal.split.DocumentCalls.Companion.QUIET_CALLS
import serialbench.parallel.internal.split.DocumentCalls.Companion.WAY_SAMPLES

/** Which way the calls of one kind of document go, from recorded times (no clock involved). */
class DocumentCallsTest {
    private val chars = 100_000

    private fun DocumentCalls.splitTook(nanos: Long) = record(split, whole, chars, nanos)

    private fun DocumentCalls.wholeTook(nanos: Long) = record(whole, split, chars, nanos)

    @Test
    fun `after a call that split nothing, the next calls of its kind are read whole without a look`() {
        val calls = DocumentCalls(choosesFaster = true)
        assertThat(calls.readsWhole()).isFalse()
        calls.splitNothing()
        repeat(QUIET_CALLS) { assertThat(calls.readsWhole()).`as`("quiet call $it").isTrue() }
        assertThat(calls.readsWhole()).`as`("a new look").isFalse()
    }

    @Test
    fun `the first call is split, and one whole call is measured once the split ran long enough`() {
        val calls = DocumentCalls(choosesFaster = true)
        assertThat(calls.readsWholeOverSplit(chars)).`as`("nothing measured").isFalse()
        calls.splitTook(100_000)
        assertThat(calls.readsWholeOverSplit(chars)).`as`("one split measured").isFalse()
        repeat(EXPLORE_AFTER.toInt() - 2) { calls.splitTook(100_000) }
        assertThat(calls.readsWholeOverSplit(chars)).`as`("split calls of 63 times one").isFalse()
        calls.splitTook(100_000)
        assertThat(calls.readsWholeOverSplit(chars)).`as`("split calls of 64 times one: whole measured").isTrue()
        assertThat(calls.readsWhole()).`as`("the next call looks again").isFalse()
    }

    @Test
    fun `calls are read whole without a look where whole calls were faster lately, and split again now and then`() {
        val calls = DocumentCalls(choosesFaster = true)
        repeat(WAY_SAMPLES) { calls.splitTook(300_000) }
        repeat(WAY_SAMPLES) { calls.wholeTook(200_000) }
        assertThat(calls.readsWholeOverSplit(chars)).`as`("whole 200 us, split 300 us").isTrue()
        repeat(QUIET_CALLS) { assertThat(calls.readsWhole()).`as`("quiet call $it").isTrue() }
        repeat(EXPLORE_AFTER.toInt() * 3 / 2 - WAY_SAMPLES - 1) { calls.wholeTook(200_000) }
        assertThat(calls.readsWholeOverSplit(chars)).`as`("whole calls of just under 64 splits").isTrue()
        calls.wholeTook(200_000)
        assertThat(calls.readsWholeOverSplit(chars)).`as`("whole calls of 64 splits: split measured again").isFalse()
    }

    @Test
    fun `a call is split where split calls were faster lately, the median deciding`() {
        val calls = DocumentCalls(choosesFaster = true)
        repeat(WAY_SAMPLES) { calls.wholeTook(200_000) }
        calls.splitTook(900_000)
        repeat(WAY_SAMPLES - 1) { calls.splitTook(120_000) }
        assertThat(calls.readsWholeOverSplit(chars)).`as`("one slow split among four fast ones").isFalse()
    }

    @Test
    fun `an instance that does not adapt always splits what the planner splits`() {
        val calls = DocumentCalls(choosesFaster = false)
        repeat(WAY_SAMPLES) { calls.splitTook(300_000) }
        repeat(EXPLORE_AFTER.toInt()) { calls.wholeTook(1_000) }
        assertThat(calls.readsWholeOverSplit(chars)).isFalse()
    }
}
