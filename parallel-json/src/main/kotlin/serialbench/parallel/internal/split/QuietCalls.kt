package serialbench.parallel.internal.split

import java.util.concurrent.atomic.AtomicInteger

/**
 * The calls of one kind (a root class, trees, another engine's documents) that go to the engine whole without a
 * look at their text, after a call that split nothing (its document had nothing large enough, or the planner
 * declined what it had): the next [CALLS], then a new look. What splitting such documents would cost is then not
 * paid on every call: an outline reads the text up to its large members. A text more than [LONGER] times as long as
 * the longest that split nothing is looked at all the same: a service's documents of one class differ in size, and
 * a large one among short ones may have a member worth splitting. An encoding learns a text's length only once it is
 * written: a text written whole that long ends the quiet calls ([wroteWhole]), and the next call looks. Where the
 * text that split nothing was too short for any part of it to split, the calls stay quiet until such a text, however
 * many ([splitNothing]): the look every 33rd call at a document of 1 KB (the parts its engine names, each asked of
 * the planner) took about a twelfth of the time spent writing it (docs/measurements/2026-12-07-the-pool-start.md).
 * Thread safe.
 */
internal class QuietCalls {
    private val left = AtomicInteger()

    /** The longest text that split nothing since the quiet calls began; 0 where its length was not known. */
    @Volatile
    private var quietChars = 0

    /**
     * Whether this call, of a text of [chars] characters (0 where the call has no text yet: encoding), is one of
     * those left to read whole; counts it.
     */
    fun readsWhole(chars: Int = 0): Boolean {
        if (chars > quietChars.toLong() * LONGER) return false
        while (true) {
            val calls = left.get()
            if (calls <= 0) return false
            if (left.compareAndSet(calls, calls - 1)) return true
        }
    }

    /**
     * A call of a text of [chars] characters (0 where not known) split nothing (nothing large enough, or the planner
     * declined it): the next [CALLS] of its kind whole, those of a text up to [LONGER] times as long as the longest
     * that split nothing since the quiet calls began; all of them until a longer one where [chars] is under
     * [minPartChars], the least a part must have to be split (no part of a shorter text has it).
     */
    fun splitNothing(chars: Int = 0, minPartChars: Int = 0) {
        quietChars = if (left.get() > 0) maxOf(quietChars, chars) else chars
        left.set(if (chars < minPartChars) UNTIL_LONGER else CALLS)
    }

    /**
     * A call of its kind written whole without a look ([readsWhole]) wrote [chars] characters: more than [LONGER] times
     * as long as the longest that split nothing, the next call looks.
     */
    fun wroteWhole(chars: Int) {
        if (chars > quietChars.toLong() * LONGER) left.set(0)
    }

    companion object {
        /** How many calls after one with nothing to split read whole before a new look. */
        const val CALLS = 32

        /** How many times as long as the longest text that split nothing a text must be to be looked at anyway. */
        const val LONGER = 2

        /** The calls left after a text too short for any part to split: as many as come, until a longer one. */
        private const val UNTIL_LONGER = Int.MAX_VALUE
    }
}
