package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/** Which calls of one kind go whole without a look, after one that split nothing. */
class QuietCallsTest {
    private val quiet = QuietCalls()

    @Test
    fun `after a call that split nothing, the next calls go whole, then one looks again`() {
        assertThat(quiet.readsWhole()).`as`("nothing learned yet").isFalse()
        quiet.splitNothing(chars = 50_000, minPartChars = 16_384)
        val calls = List(QuietCalls.CALLS + 1) { quiet.readsWhole(50_000) }
        assertThat(calls.count { it }).isEqualTo(QuietCalls.CALLS)
        assertThat(calls.last()).isFalse()
    }

    @Test
    fun `a text read more than twice as long as the longest that split nothing is looked at`() {
        quiet.splitNothing(chars = 50_000, minPartChars = 16_384)
        assertThat(quiet.readsWhole(100_000)).isTrue()
        assertThat(quiet.readsWhole(100_001)).isFalse()
    }

    @Test
    fun `after a text too short for any part to split, every call goes whole until one is written twice as long`() {
        quiet.splitNothing(chars = 1_000, minPartChars = 16_384)
        repeat(10_000) { call ->
            assertThat(quiet.readsWhole()).isTrue()
            quiet.wroteWhole(1_000 + call % 1_000)
        }
        quiet.wroteWhole(2_001)
        assertThat(quiet.readsWhole()).`as`("the call after the longer text").isFalse()
    }

    @Test
    fun `a text written whole more than twice as long as the longest that split nothing ends the quiet calls`() {
        quiet.splitNothing(chars = 50_000, minPartChars = 16_384)
        assertThat(quiet.readsWhole()).isTrue()
        quiet.wroteWhole(100_001)
        assertThat(quiet.readsWhole()).isFalse()
    }
}
