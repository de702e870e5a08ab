package serialbench.parallel.internal.split

import java.util.concurrent.ConcurrentHashMap

/**
 * The wall times of one kind's calls (a root class, trees, another engine's documents, in one direction) that split
 * and of those that went whole, per character, by size class (texts within a factor of two of each other), and from
 * them whether the next call goes whole ([goesWhole]). The planner predicts a split's time from the engine's time a
 * character and a split call's overhead, learned as it runs; in some JVMs those are wrong for a kind for good (a
 * 53 K-character document whose every writing split at 0.44-0.58x of `fastjson2`'s speed, all its run, in 5 of 45
 * JVMs; a 1.7 MB one written at 0.6-0.7x in three forks of five and at 1.1x in the other two). A call's wall time is
 * what its caller waits for, whatever the model says: where the split calls' median is not [MIN_GAIN] times as fast as
 * the whole calls', the calls go whole. Each way is tried again now and then, so that neither goes unmeasured: a
 * whole call once the split calls since the last one took [TRIES_APART] times what a whole call takes (a try then
 * costs under 1% of the time where splitting pays; [FIRST_TRIES_APART] until the whole calls have a median), a run of
 * [MIN_SAMPLES] splits, timed afresh, once the whole calls since the last one took [TRIES_APART] times what a split
 * takes; and a whole call that beats the split ones leading starts the whole calls' record afresh. Only calls of up
 * to about [MAX_WHOLE_NANOS] are sent whole. Texts shorter than [minChars] are never split, and not timed (with
 * [Int.MAX_VALUE], where every long input is split, none is). Thread safe.
 */
internal class CallTimes(private val minChars: Int) {
    private val sizes = ConcurrentHashMap<Int, Times>()

    /** The size class of the last call timed: an encoding's text is not known before it is written. */
    @Volatile
    private var lastSize = 0

    /**
     * Whether a call of [chars] characters (0 where not known yet: the size of the last one timed) goes whole: the
     * whole calls of its size were measured faster, or it is whole's turn to be tried again.
     */
    fun goesWhole(chars: Int = 0): Boolean {
        if (chars in 1 until minChars) return false
        return sizes[if (chars == 0) lastSize else sizeOf(chars)]?.goesWhole() ?: false
    }

    /** A call of [chars] characters that began at [startNanos] (`System.nanoTime`) ended now, [split] or whole. */
    fun ended(chars: Int, split: Boolean, startNanos: Long) {
        if (chars >= minChars && chars > 0) record(chars, split, System.nanoTime() - startNanos)
    }

    /** A call of [chars] characters took [wallNanos], [split] or whole. */
    fun record(chars: Int, split: Boolean, wallNanos: Long) {
        if (chars < minChars || chars <= 0) return
        val size = sizeOf(chars)
        lastSize = size
        sizes.computeIfAbsent(size) { Times() }.add(chars, split, wallNanos)
    }

    private class Times {
        private val split = Recent()
        private val whole = Recent()
        private var splitNanosSinceWhole = 0L
        private var wholeNanosSinceSplit = 0L
        private var lastChars = 0

        @Synchronized
        fun goesWhole(): Boolean {
            val splitNanos = split.median() ?: return false
            val wholeNanos = whole.median()
            if ((wholeNanos ?: splitNanos) * lastChars > MAX_WHOLE_NANOS) return false
            if (wholeNanos != null && splitNanos * MIN_GAIN > wholeNanos) {
                if (wholeNanosSinceSplit < TRIES_APART * splitNanos * lastChars) return true
                // A try of splitting is a run of [MIN_SAMPLES] calls, timed afresh: the first after many whole calls
                // wakes a parked pool, and alone it would keep the calls whole where splitting gains a quarter.
                wholeNanosSinceSplit = 0
                split.clear()
                return false
            }
            val apart = if (wholeNanos == null) FIRST_TRIES_APART else TRIES_APART
            if (splitNanosSinceWhole < apart * (wholeNanos ?: splitNanos) * lastChars) return false
            splitNanosSinceWhole = 0
            return true
        }

        /**
         * A call of [chars] took [wallNanos]. A whole one that beats the split calls leading now starts the whole
         * calls' record afresh: the times before it are of a JVM that has changed (compiled since, or no longer
         * sharing its cores).
         */
        @Synchronized
        fun add(chars: Int, split: Boolean, wallNanos: Long) {
            lastChars = chars
            val perChar = wallNanos.toDouble() / chars
            val splitNanos = this.split.median()
            val wholeNanos = whole.median()
            if (split) {
                this.split.add(perChar)
                splitNanosSinceWhole += wallNanos
            } else {
                if (wholeNanos != null && splitNanos != null && splitNanos * MIN_GAIN <= wholeNanos &&
                    splitNanos * MIN_GAIN > perChar
                ) {
                    whole.clear()
                }
                whole.add(perChar)
                wholeNanosSinceSplit += wallNanos
            }
        }
    }

    /** The last [WINDOW] values, whose median counts once there are [MIN_SAMPLES]. Not thread safe. */
    private class Recent {
        private val values = DoubleArray(WINDOW)
        private var count = 0

        fun add(value: Double) {
            values[count % WINDOW] = value
            count++
        }

        fun clear() {
            count = 0
        }

        fun median(): Double? {
            if (count < MIN_SAMPLES) return null
            val sorted = values.copyOf(minOf(count, WINDOW)).apply { sort() }
            return sorted[sorted.size / 2]
        }
    }

    companion object {
        /** A split must take at most 1 / this of a whole call's time, by median, for the calls to go on splitting. */
        const val MIN_GAIN = 1.1

        /** How much time of the other way's calls, in calls of this way, comes between two tries of it. */
        const val TRIES_APART = 128.0

        /** ... and until the whole calls have a median: the first whole calls are tried sooner. */
        const val FIRST_TRIES_APART = 16.0

        /**
         * The longest whole call (or split call, until whole ones are timed) of a size whose calls are timed: longer
         * ones are left to the planner. Their calls are too few for the times to settle while the JVM warms up (a
         * split path compiles after the engine's whole one), and a try among them costs milliseconds: in a first
         * version without this bound, 5 MB documents written in half the time split went whole in four JVMs of five,
         * for good.
         */
        const val MAX_WHOLE_NANOS = 1_000_000.0

        /** The calls of each way whose median counts. */
        const val WINDOW = 5

        /** The calls of a way before its median counts. */
        const val MIN_SAMPLES = 3

        /** The size class of a text of [chars] characters: texts within a factor of two share one. */
        private fun sizeOf(chars: Int) = 32 - Integer.numberOfLeadingZeros(chars)
    }
}
