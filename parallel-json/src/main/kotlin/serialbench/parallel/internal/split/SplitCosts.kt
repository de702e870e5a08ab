package serialbench.parallel.internal.split

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong
import kotlin.math.exp

/**
 * What splitting costs and saves on this machine, measured as the layer runs: the engine's time per character,
 * per element type (key) and direction, from every call; how many threads ran a split call's tasks; and the fixed
 * overhead of a split call, from every split call its pool took part in: its wall time beyond the engine's time
 * shared perfectly among the threads that ran its tasks and beyond the wait for the last task ([lastTaskNanos]):
 * handing tasks to the pool, waking a thread, copies. A call whose pool threads got no CPU (the JIT compiling on the
 * other core of two, or other processes) ran its tasks on the calling thread alone: it measured the pool's absence,
 * not an overhead, and counts as one thread ([threads]) and no overhead.
 * The engine's averages move a quarter of the way to each new measurement, and all the way to one below half of them
 * ([FAST_DROP]): a call is only ever slowed (the JIT not done with the engine's code, a collection, a busy core), so a
 * call twice as fast as the average shows the calls before it slowed, not the engine faster than it can run. A first
 * measurement of a document's member while the JVM warmed up, 80 times its later ones, otherwise took a dozen calls to
 * come down, each deciding by it (docs/measurements/2026-12-06-the-largest-part-tried-first.md). Concurrent updates may
 * lose one, which only slows the averaging. The overhead is the smallest of the last [RECENT_SPLIT_CALLS] split calls':
 * a call stalled by a garbage collection or by the JIT's threads taking the CPU, which on two cores happens to runs of
 * dozens of calls while a JVM warms up, does not decide the next ones, and one split call that ran unhindered is enough
 * to split again. The window is long so that every JVM on one machine decides alike: with the last five calls, a run of
 * five stalled ones was enough to keep lists of 100 elements whole in some JVMs of a benchmark and split in others, at
 * half the speed. (With the median, a JVM whose first split calls met the JIT compiling kept its inputs on one thread
 * for hundreds of calls.) Only an overhead that every recent split call paid declines splits, and so does a pool that
 * ran none of the last [RECENT_SPLIT_CALLS] split calls' tasks (the most threads any of them had is [threads]): a
 * lasting starvation, not a passing one. A call that ended sooner than the pool's slowest start in the recent calls
 * it took part in ([slowestPoolStartNanos]) is not one of them: a parked pool thread takes tens to hundreds of
 * microseconds to wake on a VM, and a short call (a list of 100 objects) is often done before, on a free machine as on
 * a busy one. Counted, such calls taught one JVM of a benchmark one thread and kept its lists of 1,000 objects whole
 * for a whole series (docs/measurements/2026-12-07-a-fast-morning.md, sections 7-8). What such a start costs a split
 * is its own term ([poolStartWaitNanos], of the pool's typical start, [poolStartNanos]), not part of the overhead: so
 * a split too short to gain from a pool that wakes late is declined, and a longer one is not.
 * A pool can also run its share of every call and gain nothing: where another process keeps one core of two busy,
 * the kernel runs both threads of a split call on the other core by turns, and each call takes longer than the engine
 * alone on a core of its own. So the cores a split call's threads held at once (their CPU time over the wall time
 * from the pool's first task to its last, [SplitCall.cores]; calls whose pool ran no task or during which the JIT
 * finished compiling left out, [TaskWork]) bound the threads a split counts on ([usableThreads]) once most of the
 * time lately went to calls that held [CORE_STEP] fewer than the parallelism ([shared]): the share of such calls, each
 * weighing the time since the call before it, fading over [SHARE_NANOS], has reached [SHARED_SHARE]. The JIT's
 * threads take a core from runs of calls too while a JVM warms up, but for well under a second at a time; a busy
 * process for as long as it runs.
 * Since a split that is declined measures nothing, a declined split is tried now and then ([exploresAfterDeclining]):
 * an overhead measured under a passing load would otherwise keep every later input on one thread. Thread safe.
 */
internal class SplitCosts(private val nanoTime: () -> Long = System::nanoTime) {
    /** Nanoseconds per character, by key and direction (one entry per element type and direction). */
    private val nanosPerChar = ConcurrentHashMap<Pair<Any, Direction>, Average>()

    /** Nanoseconds a split call takes beyond its engine time divided among its threads and half a task. */
    private val overhead = Recent(INITIAL_OVERHEAD_NANOS, RECENT_SPLIT_CALLS, DoubleArray::min)

    /**
     * Nanoseconds a document's call whose parts were begun ahead takes beyond its work divided among its threads: a
     * different overhead, since the calling thread reads the document's other members while the pool starts.
     */
    private val aheadOverhead = Recent(INITIAL_OVERHEAD_NANOS, RECENT_SPLIT_CALLS, DoubleArray::min)

    /** How long after each recent split call's start its pool began a task, in the calls where it began one. */
    private val slowestPoolStart = Recent(INITIAL_POOL_START_NANOS, RECENT_SPLIT_CALLS, DoubleArray::max)

    /**
     * How long after each recent split call's start its pool began a task, or at least (the call's wall time) where it
     * began none and the call was too short to tell a starved pool: the median is the pool's typical start, a little
     * under where calls often end before it.
     */
    private val poolStarts = Recent(0.0, RECENT_SPLIT_CALLS, ::median)

    /** The threads that ran each recent split call's tasks, the calling thread included. */
    private val recentThreads = Recent(Int.MAX_VALUE.toDouble(), RECENT_SPLIT_CALLS, DoubleArray::max)

    /** The time-weighted share of split calls that held fewer cores than the parallelism ([recordCores]). */
    @Volatile private var sharedShare = 0.0

    /** When ([nanoTime]) the last split call's cores were recorded, or [NEVER]. */
    @Volatile private var lastCoresNanos = NEVER

    /** The cores the last split call's threads held at once, of those that held fewer than the parallelism. */
    @Volatile private var sharedCores = Double.MAX_VALUE

    /** Engine time run on the calling thread alone, by decision, since a split was last tried after declining. */
    private val declinedNanos = AtomicLong()

    enum class Direction { ENCODE, DECODE }

    val overheadNanos: Double get() = overhead.value

    /** The overhead of a document's call whose parts were begun ahead ([recordAhead]). */
    val aheadOverheadNanos: Double get() = aheadOverhead.value

    /**
     * The slowest start of the pool in the recent split calls it took part in: how long after a call's start its first
     * task began there.
     */
    val slowestPoolStartNanos: Double get() = slowestPoolStart.value

    /** The pool's typical start in the recent split calls ([poolStarts]); none until a few dozen are measured. */
    val poolStartNanos: Double get() = poolStarts.value

    /** The most threads that ran the tasks of any of the recent split calls; unbounded until one is measured. */
    val threads: Int get() = recentThreads.value.toInt()

    /**
     * The threads of [parallelism] that a split counts on: where the cores are [shared], those the last split call
     * that held fewer than [parallelism] held (at least 1); else all of them (where the JVM does not count CPU time
     * per thread, always).
     */
    fun usableThreads(parallelism: Int): Double =
        if (shared()) sharedCores.coerceIn(1.0, parallelism.toDouble()) else parallelism.toDouble()

    /** Whether most of the time lately went to split calls whose threads took turns ([SHARED_SHARE]). */
    fun shared(): Boolean = sharedShare >= SHARED_SHARE

    /** The engine's time for [chars] characters of this key and direction: measured, or a fast engine's until then. */
    fun engineNanos(key: Any, direction: Direction, chars: Long): Double =
        chars * (nanosPerChar[key to direction]?.value ?: INITIAL_NANOS_PER_CHAR)

    fun recordEngine(key: Any, direction: Direction, chars: Long, nanos: Long) {
        if (chars <= 0 || nanos <= 0) return
        val measured = nanos.toDouble() / chars
        nanosPerChar.computeIfAbsent(key to direction) { Average(measured) }.add(measured)
    }

    /**
     * A split call took [wallNanos] for [engineNanos] of engine time in [tasks] tasks, run by [threads] threads, its
     * pool's first task begun [poolStartNanos] after its start (null where the pool ran none). A call whose tasks all
     * ran on one thread counts towards [threads] only: its time beyond that thread's own work is about nothing, not
     * what a split costs where the pool runs its share; and not even that where the pool ran none and the call ended
     * sooner than the pool's slowest recent start ([slowestPoolStartNanos]): it was too short to tell. The overhead
     * is the wall time beyond the work shared among the threads, the wait for the last task and the wait for the
     * pool's start ([poolStartWaitNanos]).
     */
    fun recordSplit(wallNanos: Long, engineNanos: Long, threads: Int, tasks: Int, poolStartNanos: Long? = null) {
        if (poolStartNanos != null) {
            slowestPoolStart.add(poolStartNanos.toDouble())
            poolStarts.add(poolStartNanos.toDouble())
        } else if (threads < 2 && wallNanos < slowestPoolStart.value) {
            poolStarts.add(wallNanos.toDouble())
            return
        }
        recentThreads.add(threads.toDouble())
        if (threads < 2) return
        val engine = engineNanos.toDouble()
        val waits = lastTaskNanos(engine, tasks, threads.toDouble()) +
            poolStartWaitNanos((poolStartNanos ?: 0).toDouble(), tasks, threads.toDouble())
        overhead.add(maxOf(0.0, wallNanos - engine / threads - waits))
    }

    /**
     * What a pool that begins [startNanos] after a split call's start adds to the call of [tasks] tasks on [threads]
     * threads: the calling thread works alone until then, so where tasks queue for the threads the work left is shared
     * that much later, [startNanos] less the calling thread's share of it; where each thread runs one task the pool's
     * task ends that much later, the whole of [startNanos]. Where the pool begins only after the calling thread ran
     * every task, the call measures one thread ([recordSplit]): this is the wait of a split that gains.
     */
    fun poolStartWaitNanos(startNanos: Double, tasks: Int, threads: Double): Double = when {
        threads <= 1 -> 0.0
        tasks > threads -> startNanos * (1 - 1 / threads)
        else -> startNanos
    }

    /**
     * The wait for the last of [tasks] tasks sharing [engineNanos] on [threads] threads, beyond their share: half a
     * task where tasks queue for the threads; none where each thread runs one task at most (they start together, and
     * a call's overhead holds the difference). Counted there, it would put a split of two tasks' overhead a quarter of
     * its engine time too low, at nothing for every short input whose tasks ran slower than the engine alone, and such
     * inputs would be split at any cost.
     */
    fun lastTaskNanos(engineNanos: Double, tasks: Int, threads: Double): Double =
        if (tasks > threads) engineNanos / tasks / 2 else 0.0

    /**
     * A split call's threads held [cores] cores at once ([SplitCall.cores]), of [parallelism]: within [CORE_STEP] of
     * them, the machine is free (waking a pool thread costs a short call a little); fewer, the threads took turns. The
     * share of such calls moves towards this one by the time since the call before it, over [SHARE_NANOS].
     */
    @Synchronized
    fun recordCores(cores: Double, parallelism: Int) {
        val now = nanoTime()
        val turns = cores < parallelism - CORE_STEP
        if (turns) sharedCores = cores
        val last = lastCoresNanos
        lastCoresNanos = now
        if (last == NEVER) return
        val weight = 1 - exp(-(now - last).toDouble() / SHARE_NANOS)
        sharedShare += ((if (turns) 1.0 else 0.0) - sharedShare) * weight
    }

    /**
     * A document's call whose parts were begun ahead took [wallNanos] for [engineNanos] of its parts' engine time and
     * [callerNanos] of the calling thread's own work besides them (the document's other members, read while the pool
     * ran the parts' slices), run by [threads] threads: its overhead is what it took beyond all that work shared
     * perfectly: the outline of its text, the wait for the last slice (the caller's own work overlaps it).
     */
    fun recordAhead(wallNanos: Long, engineNanos: Long, callerNanos: Long, threads: Int) {
        aheadOverhead.add(maxOf(0.0, wallNanos - (engineNanos + callerNanos).toDouble() / threads))
        recentThreads.add(threads.toDouble())
    }

    /**
     * Whether to split an input of [engineNanos] that the costs say to run alone, to measure the overhead again:
     * true once the engine time declined since the last such try has reached [EXPLORE_AFTER_NANOS] and
     * [EXPLORE_AFTER_OVERHEADS] times the overhead ([overheadNanos], of the kind of call declined), so that a try
     * costs at most about 1/[EXPLORE_AFTER_OVERHEADS] of the time when the overhead is real, and a stale one is
     * measured again within about a second of work. An input declined counts once it is, after the check.
     */
    fun exploresAfterDeclining(engineNanos: Double, overheadNanos: Double): Boolean {
        val afterNanos = if (shared()) EXPLORE_AFTER_NANOS * SHARED_EXPLORE_FACTOR else EXPLORE_AFTER_NANOS
        val threshold = maxOf(afterNanos, EXPLORE_AFTER_OVERHEADS * overheadNanos)
        val declined = declinedNanos.get()
        if (declined >= threshold && declinedNanos.compareAndSet(declined, 0)) return true
        declined(engineNanos)
        return false
    }

    /** Counts [engineNanos] run on the calling thread alone by decision towards [exploresAfterDeclining]. */
    fun declined(engineNanos: Double) {
        declinedNanos.addAndGet(engineNanos.toLong())
    }

    /**
     * [choose] (the smallest, the median, the largest) of the last [window] values, starting as [window] copies of
     * [initial].
     */
    private class Recent(initial: Double, window: Int, private val choose: (DoubleArray) -> Double) {
        private val samples = DoubleArray(window) { initial }
        private var next = 0

        @Volatile var value: Double = initial
            private set

        @Synchronized
        fun add(measured: Double) {
            samples[next] = measured
            next = (next + 1) % samples.size
            value = choose(samples)
        }
    }

    private class Average(initial: Double) {
        @Volatile var value: Double = initial
            private set

        fun add(measured: Double) {
            value = if (measured * FAST_DROP < value) measured else value + (measured - value) * WEIGHT
        }
    }

    companion object {
        /** The middle of [values] (the upper one of the two middle ones of an even count). */
        private fun median(values: DoubleArray): Double = values.sortedArray()[values.size / 2]

        /** Split calls whose overheads and threads are kept: the smallest overhead and the most threads count. */
        const val RECENT_SPLIT_CALLS = 64

        /** Cores fewer than the parallelism that say a split call's threads took turns ([recordCores]). */
        const val CORE_STEP = 0.5

        /** Over how long the share of split calls whose threads took turns fades ([recordCores]). */
        const val SHARE_NANOS = 1_000_000_000.0

        /** The share of split calls whose threads took turns from which a split counts on their cores ([shared]). */
        const val SHARED_SHARE = 0.75

        /** How many times as much declined work a try of a split waits for while the cores are [shared]. */
        const val SHARED_EXPLORE_FACTOR = 4

        private const val NEVER = Long.MIN_VALUE

        private const val WEIGHT = 0.25

        /** A measurement this many times below the engine's average replaces it. */
        const val FAST_DROP = 2.0

        /** Declined engine time before a split is tried again: at least this much, ... */
        private const val EXPLORE_AFTER_NANOS = 20_000_000.0

        /** ... and at least this many times the overhead the split was declined for. */
        private const val EXPLORE_AFTER_OVERHEADS = 64.0

        /**
         * Until measured, the engine is assumed fast (fastjson2 decodes about 1 ns per character here): splits
         * less.
         */
        private const val INITIAL_NANOS_PER_CHAR = 1.0

        /**
         * Until measured, a pool thread is assumed to begin a call's task within a millisecond of the call's start: a
         * parked one wakes in tens to hundreds of microseconds on a VM, a new one starts in a few hundred.
         */
        private const val INITIAL_POOL_START_NANOS = 1_000_000.0

        /** Until measured, a split call is assumed to wake a parked thread and wait for it (tens of us on a VM). */
        private const val INITIAL_OVERHEAD_NANOS = 50_000.0
    }
}
