package serialbench.parallel.internal.split

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong

/**
 * What splitting gained, as measured: per element type (key), direction and size class (inputs of the same power of
 * two of characters), the wall time per character of the recent calls split on the pool and of those read whole on
 * the calling thread. [SplitCosts] predicts a split call from the engine's time shared among the threads; where two
 * threads at once do less than twice the work of one (shared caches, a virtual machine's neighbours, a pool thread
 * that starts with cold caches), that prediction splits inputs that then run slower than read whole. Once a size
 * class has calls of both kinds, the medians of their last [WINDOW] decide ([splits]): split where the split calls
 * were at least [MIN_MEASURED_SPEEDUP] times faster.
 *
 * The kind not chosen is measured again now and then, once the calls of the chosen kind since took 64 times its
 * expected time and 20 ms (as a declined split is tried again: [SplitCosts.exploresAfterDeclining]), so that trying
 * costs at most about 1/64 of the time. Reading whole is tried in one call: it runs the engine's code, which every
 * call compiles. Splitting is tried in a run of [SPLIT_RUN_CALLS] calls, of which the last [WINDOW] count: the first
 * split calls after many read whole meet code of the split path that the JIT has not compiled yet and pool threads
 * that were parked (on a virtual machine, a virtual CPU that was halted), and take several times as long as the
 * calls that follow them. The first run of a size class is tried sooner, after 4 times its expected time: until then
 * the class was decided by measuring the split path at its slowest. Only times are compared, never a clock read
 * here: the callers record what they measured. Thread safe.
 */
internal class SplitOutcomes {
    private val classes = ConcurrentHashMap<SizeClass, Outcome>()

    /**
     * Whether the calls measured in the size class of [chars] say to split an input of [chars] characters: true or
     * false, or null where they cannot say yet (then the prediction decides). A class whose calls were all split says
     * false once a call read whole is due, [wholeNanos] being what one is expected to take. A split on [threads]
     * threads gains at most that many times, and loses about as much at worst (its tasks then run on the calling
     * thread): a measured time beyond that is the JIT's or a thread start's, and does not delay a try.
     */
    fun splits(key: Any, direction: SplitCosts.Direction, chars: Long, wholeNanos: Double, threads: Int): Boolean? {
        val outcome = classes[SizeClass(key, direction, sizeClass(chars))] ?: return null
        if (outcome.splitRun.next()) return true
        val split = outcome.split.median * chars
        val whole = outcome.whole.median * chars
        if (split.isNaN()) return null
        if (whole.isNaN()) return if (outcome.sinceWhole.due(minOf(wholeNanos, split * threads))) false else null
        return if (whole >= split * MIN_MEASURED_SPEEDUP) {
            !outcome.sinceWhole.due(minOf(whole, split * threads))
        } else {
            val runs = outcome.splitRun.started
            val runNanos = minOf(split, whole * threads) * SPLIT_RUN_CALLS
            val due = outcome.sinceSplit.due(runNanos, if (runs == 0) FIRST_RUN_AFTER_RUNS else null)
            if (due) outcome.splitRun.start()
            due
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

        /** A run of split calls under way, reading whole being chosen. */
        val splitRun = SplitRun()

        /** The time of the calls read whole since one was last split. */
        val sinceSplit = Since()

        /** The time of the calls split since one was last read whole. */
        val sinceWhole = Since()
    }

    /** A run of [SPLIT_RUN_CALLS] split calls: its first call is the caller's, the rest are [next]. */
    private class SplitRun {
        private val left = AtomicInteger()
        private val runs = AtomicInteger()

        /** The runs started so far. */
        val started: Int get() = runs.get()

        fun start() {
            runs.incrementAndGet()
            left.set(SPLIT_RUN_CALLS - 1)
        }

        /** Whether the next call belongs to a run under way (true for the run's calls after its first). */
        fun next(): Boolean = left.getAndUpdate { if (it > 0) it - 1 else 0 } > 0
    }

    /** The time of the calls of one kind since the other kind was last measured. */
    private class Since {
        private val nanos = AtomicLong()

        fun add(callNanos: Long) {
            nanos.addAndGet(callNanos)
        }

        fun reset() = nanos.set(0)

        /**
         * Whether a try of the other kind, expected to take [otherNanos], is due after 64 times that ([times] times,
         * where given) and 20 ms: true for one caller.
         */
        fun due(otherNanos: Double, times: Double? = null): Boolean {
            val since = nanos.get()
            val after = (times ?: SplitCosts.EXPLORE_AFTER_OVERHEADS) * otherNanos
            if (since < maxOf(SplitCosts.EXPLORE_AFTER_NANOS, after)) return false
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

        /** The split calls of a run that measures splitting again, reading whole being chosen. */
        const val SPLIT_RUN_CALLS = 32

        /** A size class's first run of split calls is due after this many times its expected time. */
        const val FIRST_RUN_AFTER_RUNS = 4.0

        /** The size class of an input of [chars] characters: the power of two at or below it. */
        fun sizeClass(chars: Long): Int = 63 - java.lang.Long.numberOfLeadingZeros(chars)
    }
}
