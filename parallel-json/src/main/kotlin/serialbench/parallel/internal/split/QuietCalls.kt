package serialbench.parallel.internal.split

import java.util.concurrent.atomic.AtomicInteger

/**
 * The calls of one kind (a root class, trees, another engine's documents) that go to the engine whole without a
 * look at their text, after a call that split nothing (its document had nothing large enough, or the planner
 * declined what it had): the next [CALLS], then a new look. What splitting such documents would cost is then not
 * paid on every call: an outline reads the text up to its large members.
 * Thread safe.
 */
internal class QuietCalls {
    private val left = AtomicInteger()

    /** Whether this call is one of those left to read whole; counts it. */
    fun readsWhole(): Boolean {
        while (true) {
            val calls = left.get()
            if (calls <= 0) return false
            if (left.compareAndSet(calls, calls - 1)) return true
        }
    }

    /** A call split nothing (nothing large enough, or the planner declined it): the next [CALLS] of its kind whole. */
    fun splitNothing() = left.set(CALLS)

    companion object {
        /** How many calls after one with nothing to split read whole before a new look. */
        const val CALLS = 32
    }
}
