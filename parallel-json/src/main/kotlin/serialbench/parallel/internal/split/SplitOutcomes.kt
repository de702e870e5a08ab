package serialbench.parallel.internal.split

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong

/**
 * What splitting gained, as measured: per element type (key), direction and size class (inputs of the same power of
 * two of characters), the wall time per character of the recent calls split on the pool and of those read whole on
 * the calling thread. [SplitCosts] predicts a split call from the engine's time shared among the threads; where two
 * threads at once do less than twice the work of one (shared caches, a virtual machine's neighbours, a pool thread
 * that starts with cold caches), that prediction splits inputs that then run slower than read whole. Once a size
 * class has calls of both kinds, the medians of their recent ones decide ([splits]): split where the split calls were
 * at least [MIN_MEASURED_SPEEDUP] times faster. The kind not chosen is measured again now and then: once the calls
 * of the chosen kind since it was last measured took 64 times its expected time and 20 ms (as a declined split is tried
 * again: [SplitCosts.exploresAfterDeclining]), so that a try costs at most about 1/64 of the time, and what a JVM
 * measured while it was warming up does not decide for good. Only times are compared, never a clock read here: the
 * callers record what they measured. Thread safe.
 */
internal class SplitOutcomes {
    private val classes = ConcurrentHashMap<SizeClass, Outcome>()

    /**
     * Whether the calls measured in the size class of [chars] say to split an input of [chars] characters: true or
     * false, or null where they cannot say yet (then the prediction decides). A class whose calls were all split says
     * false once a call read whole is due, [wholeNanos] being what one is expected to take.
     */
    fun splits(key: Any, direction: SplitCosts.Direction, chars: Long, wholeNanos: Double): Boolean? {
        val outcome = classes[SizeClass(key, direction, sizeClass(chars))] ?: return null
        val split = outcome.split.median
        val whole = outcome.whole.median
        if (split.isNaN()) return null
        if (whole.isNaN()) return if (outcome.sinceWhole.due(wholeNanos)) false else null
        return if (whole >= split * MIN_MEASURED_SPEEDUP) {
            !outcome.sinceWhole.due(whole * chars)
        } else {
            outcome.sinceSplit.due(split * chars)
        }
    }

    /** Records a call over [chars] characters that took [nanos] of wall time, [split] on the pool or read whole. */
    fun record(key: Any, direction: SplitCosts.Direction, chars: Long, nanos: Long, split: Boolean) {
        if (chars <= 0 || nanos <= 0) return
        val outcome = classes.computeIfAbsent(SizeClass(key, direction, sizeClass(chars))) { Outcome() }
        val nanosPerChar = nanos.toDouble() / chars
        if (split) {
            outcome.split.add(nanosPerChar)
            outcome.sinceSplit.reset()
            outcome.sinceWhole.add(nanos)
        } else {
            outcome.whole.add(nanosPerChar)
            outcome.sinceWhole.reset()
            outcome.sinceSplit.add(nanos)
        }
    }

    private data class SizeClass(val key: Any, val direction: SplitCosts.Direction, val log2Chars: Int)

    private class Outcome {
        val split = RecentMedian()
        val whole = RecentMedian()

        /** The time of the calls read whole since one was last split. */
        val sinceSplit = Since()

        /** The time of the calls split since one was last read whole. */
        val sinceWhole = Since()
    }

    /** The time of the calls of one kind since the other kind was last measured. */
    private class Since {
        private val nanos = AtomicLong()

        fun add(callNanos: Long) {
            nanos.addAndGet(callNanos)
        }

        fun reset() = nanos.set(0)

        /** Whether a call of the other kind, expected to take [otherNanos], is due: true for one caller only. */
        fun due(otherNanos: Double): Boolean {
            val since = nanos.get()
            val threshold = maxOf(SplitCosts.EXPLORE_AFTER_NANOS, SplitCosts.EXPLORE_AFTER_OVERHEADS * otherNanos)
            if (since < threshold) return false
            return nanos.compareAndSet(since, 0)
        }
    }

    /** The median of the last [WINDOW] values added (of fewer until then), NaN before the first. */
    private class RecentMedian {
        private val samples = DoubleArray(WINDOW)
        private var count = 0
        private var next = 0

        @Volatile var median: Double = Double.NaN
            private set

        @Synchronized
        fun add(value: Double) {
            samples[next] = value
            next = (next + 1) % WINDOW
            if (count < WINDOW) count++
            val sorted = samples.copyOf(count).apply { sort() }
            median = if (count % 2 == 1) sorted[count / 2] else (sorted[count / 2 - 1] + sorted[count / 2]) / 2
        }
    }

    companion object {
        /** Split where the recent split calls were at least this many times faster than those read whole. */
        const val MIN_MEASURED_SPEEDUP = 1.1

        /** The recent calls of each kind whose median counts. */
        const val WINDOW = 9

        /** The size class of an input of [chars] characters: the power of two at or below it. */
        fun sizeClass(chars: Long): Int = 63 - java.lang.Long.numberOfLeadingZeros(chars)
    }
}
