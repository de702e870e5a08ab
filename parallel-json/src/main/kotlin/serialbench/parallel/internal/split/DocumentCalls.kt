package serialbench.parallel.internal.split

import java.util.concurrent.atomic.AtomicInteger

/**
 * How the calls of one kind of document (a root class, trees, another engine's documents) go: split at its large
 * members, or read whole by the engine. Two things decide, besides the planner's view of each member:
 * - *Quiet calls*: after a call that split nothing (its document had nothing large enough, or the planner declined
 *   what it had), the next [QUIET_CALLS] go whole without a look at their text, then a new look. What splitting
 *   such documents would cost is then not paid on every call: an outline reads the text up to its large members.
 * - *The faster way lately*: each way's time per character, the median of its last [WAY_SAMPLES] calls (the
 *   outline included), as measured here. Where the planner would split but the whole calls were faster, the call
 *   is read whole ([readsWholeOverSplit]): what a split of the whole document costs beyond its members' (the outline,
 *   the skeleton, a pool that wakes late) is then paid once in a while, not on every call. The way not taken is
 *   taken again once the other has run [EXPLORE_AFTER] times its expected time since it was last measured, so that
 *   a measurement taken under a passing load does not decide for long; a way never measured is taken as soon as its
 *   turn comes (the split at once, whole after as long as the split took [EXPLORE_AFTER] calls).
 * Thread safe.
 */
internal class DocumentCalls(private val choosesFaster: Boolean) {
    private val quietLeft = AtomicInteger()

    @PublishedApi internal val split = Way(dueAtOnce = true)

    @PublishedApi internal val whole = Way(dueAtOnce = false)

    /** Whether this call is one of those left to read whole without a look; counts it. */
    fun readsWhole(): Boolean {
        while (true) {
            val calls = quietLeft.get()
            if (calls <= 0) return false
            if (quietLeft.compareAndSet(calls, calls - 1)) return true
        }
    }

    /** A call split nothing: the next [QUIET_CALLS] of its kind are read whole without a look. */
    fun splitNothing() = quietLeft.set(QUIET_CALLS)

    /**
     * Whether a call of [chars] characters whose members the planner would split is read whole instead: to measure
     * the whole calls again, or because they were faster lately, and then the next [QUIET_CALLS] are read whole too
     * ([readsWhole]); always false unless this kind [choosesFaster].
     */
    @Synchronized
    fun readsWholeOverSplit(chars: Int): Boolean {
        if (!choosesFaster || split.dueAfter(whole, chars)) return false
        if (whole.dueAfter(split, chars)) return true
        val faster = whole.nanosPerChar() < split.nanosPerChar()
        if (faster) splitNothing()
        return faster
    }

    /** [call], a split of [chars] characters, timed as such from [start] (`System.nanoTime`, before the outline). */
    inline fun <T> timedSplit(chars: Int, start: Long, call: () -> T): T = timed(split, whole, chars, start, call)

    /** [call], a reading of [chars] characters whole, timed as such. */
    inline fun <T> timedWhole(chars: Int, call: () -> T): T = timed(whole, split, chars, System.nanoTime(), call)

    @PublishedApi
    internal inline fun <T> timed(way: Way, other: Way, chars: Int, start: Long, call: () -> T): T {
        if (!choosesFaster) return call()
        val value = call()
        record(way, other, chars, System.nanoTime() - start)
        return value
    }

    @PublishedApi
    @Synchronized
    internal fun record(way: Way, other: Way, chars: Int, nanos: Long) {
        if (chars <= 0) return
        way.add(nanos.toDouble() / chars)
        other.nanosSinceMeasured += nanos
    }

    /** One way's recent times per character, and the other way's time since it was last measured. */
    @PublishedApi
    internal class Way(private val dueAtOnce: Boolean) {
        private val samples = DoubleArray(WAY_SAMPLES)
        private var count = 0
        private var next = 0

        /** Nanoseconds the other way ran since this one was last measured. */
        var nanosSinceMeasured = 0L

        fun add(nanosPerChar: Double) {
            samples[next] = nanosPerChar
            next = (next + 1) % samples.size
            count = minOf(count + 1, samples.size)
            nanosSinceMeasured = 0
        }

        /** The median of the recent times per character; NaN before the first. */
        fun nanosPerChar(): Double {
            if (count == 0) return Double.NaN
            val sorted = samples.copyOf(count).apply { sort() }
            return if (count % 2 == 1) sorted[count / 2] else (sorted[count / 2 - 1] + sorted[count / 2]) / 2
        }

        /**
         * Whether to take this way again for a call of [chars]: never measured and [dueAtOnce], or the [other] way
         * ran [EXPLORE_AFTER] times this way's expected time (the other's, before this one's first measurement)
         * since this one was measured.
         */
        fun dueAfter(other: Way, chars: Int): Boolean {
            if (count == 0 && dueAtOnce) return true
            val perChar = if (count > 0) nanosPerChar() else other.nanosPerChar()
            return !perChar.isNaN() && nanosSinceMeasured >= EXPLORE_AFTER * perChar * chars
        }
    }

    companion object {
        /** How many calls after one that split nothing are read whole before a new look. */
        const val QUIET_CALLS = 32

        /** Calls of each way whose median time per character counts. */
        const val WAY_SAMPLES = 5

        /** The other way's time, in calls of this one, after which a way not taken is taken again. */
        const val EXPLORE_AFTER = 64.0
    }
}
