package serialbench.parallel.internal.split

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong

/**
 * What splitting costs and saves on this machine, measured as the layer runs: the engine's time per character,
 * per element type (key) and direction, from every call; how many threads ran a split call's tasks; and the fixed
 * overhead of a split call, from every split call: its wall time beyond the engine's time shared perfectly among the
 * threads that ran its tasks and beyond half a task (the expected wait for the last task): handing tasks to the
 * pool, waking a thread, copies. A call whose pool threads got no CPU (the JIT compiling on the other core of two, or
 * other processes) ran its tasks on the calling thread alone: it measured the pool's absence, not an overhead, and
 * counts as one thread ([threads]).
 * The engine's averages move a quarter of the way to each new measurement; concurrent updates may lose one,
 * which only slows the averaging. The overhead is the smallest of the last [OVERHEAD_WINDOW] split calls': a call
 * stalled by a garbage collection or by the JIT's threads taking the CPU, which on two cores happens to most of
 * the first calls, does not decide the next ones, and one split call that ran unhindered is enough to split
 * again. (With the median, a JVM whose first split calls met the JIT compiling kept its inputs on one thread for
 * hundreds of calls: one fork of five ran every list of 1,000 elements at the unsplit engine's speed.) Only an
 * overhead that every recent split call paid declines splits, and so does a pool that ran none of the last
 * [OVERHEAD_WINDOW] split calls' tasks (the most threads any of them had is [threads]). A split call measured more
 * than [MAX_AGE_NANOS] ago counts as not measured: what stalled it (the JIT compiling after the inputs changed size,
 * another process) says nothing of now, and a JVM that met it while it learned would otherwise keep its inputs on one
 * thread where another JVM splits them.
 * Since a split that is declined measures nothing, a declined split is tried now and then ([exploresAfterDeclining]):
 * an overhead measured under a passing load would otherwise keep every later input on one thread. Thread safe.
 */
internal class SplitCosts(private val nanoTime: () -> Long = System::nanoTime) {
    /** Nanoseconds per character, by key and direction (one entry per element type and direction). */
    private val nanosPerChar = ConcurrentHashMap<Pair<Any, Direction>, Average>()

    /** Nanoseconds a split call takes beyond its engine time divided among its threads and half a task. */
    private val overhead = Recent(INITIAL_OVERHEAD_NANOS, OVERHEAD_WINDOW, smallest = true)

    /** The threads that ran each recent split call's tasks, the calling thread included. */
    private val recentThreads = Recent(Int.MAX_VALUE.toDouble(), OVERHEAD_WINDOW, smallest = false)

    /** Engine time run on the calling thread alone, by decision, since a split was last tried after declining. */
    private val declinedNanos = AtomicLong()

    enum class Direction { ENCODE, DECODE }

    val overheadNanos: Double get() = overhead.value(nanoTime())

    /** The most threads that ran the tasks of any of the recent split calls; unbounded until one is measured. */
    val threads: Int get() = recentThreads.value(nanoTime()).toInt()

    /** The engine's time for [chars] characters of this key and direction: measured, or a fast engine's until then. */
    fun engineNanos(key: Any, direction: Direction, chars: Long): Double =
        chars * (nanosPerChar[key to direction]?.value ?: INITIAL_NANOS_PER_CHAR)

    fun recordEngine(key: Any, direction: Direction, chars: Long, nanos: Long) {
        if (chars <= 0 || nanos <= 0) return
        val measured = nanos.toDouble() / chars
        nanosPerChar.computeIfAbsent(key to direction) { Average(measured) }.add(measured)
    }

    /** A split call took [wallNanos] for [engineNanos] of engine time in [tasks] tasks, run by [threads] threads. */
    fun recordSplit(wallNanos: Long, engineNanos: Long, threads: Int, tasks: Int) {
        val now = nanoTime()
        overhead.add(maxOf(0.0, wallNanos - engineNanos.toDouble() / threads - engineNanos.toDouble() / tasks / 2), now)
        recentThreads.add(threads.toDouble(), now)
    }

    /**
     * Whether to split an input of [engineNanos] that the costs say to run alone, to measure the overhead again:
     * true once the engine time declined since the last such try reaches [EXPLORE_AFTER_NANOS] and
     * [EXPLORE_AFTER_OVERHEADS] times the overhead, so that a try costs at most about 1/[EXPLORE_AFTER_OVERHEADS]
     * of the time when the overhead is real, and a stale one is measured again within about a second of work.
     */
    fun exploresAfterDeclining(engineNanos: Double): Boolean {
        val threshold = maxOf(EXPLORE_AFTER_NANOS, EXPLORE_AFTER_OVERHEADS * overheadNanos)
        val declined = declinedNanos.addAndGet(engineNanos.toLong())
        if (declined < threshold) return false
        return declinedNanos.compareAndSet(declined, 0)
    }

    /**
     * The smallest (else the largest) of the last [window] values measured within [MAX_AGE_NANOS], any other counting
     * as [initial], which all start as.
     */
    private class Recent(private val initial: Double, window: Int, private val smallest: Boolean) {
        private val samples = DoubleArray(window) { initial }
        private val measuredAt = LongArray(window)
        private var next = 0

        @Synchronized
        fun add(measured: Double, now: Long) {
            samples[next] = measured
            measuredAt[next] = now
            next = (next + 1) % samples.size
        }

        @Synchronized
        fun value(now: Long): Double {
            var chosen = if (now - measuredAt[0] <= MAX_AGE_NANOS) samples[0] else initial
            for (i in 1 until samples.size) {
                val sample = if (now - measuredAt[i] <= MAX_AGE_NANOS) samples[i] else initial
                chosen = if (smallest) minOf(chosen, sample) else maxOf(chosen, sample)
            }
            return chosen
        }
    }

    private class Average(initial: Double) {
        @Volatile var value: Double = initial
            private set

        fun add(measured: Double) {
            value += (measured - value) * WEIGHT
        }
    }

    companion object {
        private const val WEIGHT = 0.25

        /**
         * How long a split call's measurement counts: a quarter of a second, so a split declined for a stall is tried
         * again within that time (one call of a few, when splitting does not pay), and a JVM's choices follow the
         * machine it runs on now.
         */
        const val MAX_AGE_NANOS = 250_000_000L

        /** Split calls whose overheads are kept; the smallest of them is the overhead. */
        private const val OVERHEAD_WINDOW = 5

        /** Declined engine time before a split is tried again: at least this much, ... */
        private const val EXPLORE_AFTER_NANOS = 20_000_000.0

        /** ... and at least this many times the overhead the split was declined for. */
        private const val EXPLORE_AFTER_OVERHEADS = 64.0

        /**
         * Until measured, the engine is assumed fast (fastjson2 decodes about 1 ns per character here): splits
         * less.
         */
        private const val INITIAL_NANOS_PER_CHAR = 1.0

        /** Until measured, a split call is assumed to wake a parked thread and wait for it (tens of us on a VM). */
        private const val INITIAL_OVERHEAD_NANOS = 50_000.0
    }
}
