package serialbench.parallel.internal.split

import serialbench.parallel.internal.pool.CpuClock
import serialbench.parallel.internal.pool.CpuClocks
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

/**
 * What one split call's tasks did, for [SplitCosts]: their engine time in all, how many threads ran them (the
 * calling thread included: a pool without CPU leaves every task to it), and the cores its threads held at once while
 * the pool worked: from the start of the first task a pool thread ran to the end of the last, the CPU time of the pool
 * threads and of the calling thread (running its own tasks, reading the rest of a document, or spinning for the
 * pool's last task) over that wall time; the calling thread's from a reading of its clock by the first pool thread at
 * that start to the call's end, less the wall time after the stretch, in which it joins the results alone. Only that
 * stretch tells: before it the calling thread plans and cuts alone, and a pool thread woken from its park starts late,
 * which on a free machine holds one core for a while as surely as on a busy one. Nothing is told where the pool ran no
 * task (the calling thread ran them all), where the JIT finished compiling meanwhile (its threads held cores too,
 * which says nothing of the machine, and it soon ends), or where the pool's stretch is under [MIN_POOL_SHARE] of the
 * call (a document's small part begun ahead while the calling thread read the rest: a few microseconds between two
 * readings). It also tells how long after the call's start the pool's first task began: a call the calling thread
 * ended alone sooner than that says nothing of the pool ([SplitCosts.recordSplit]). Made when the call starts, on the
 * calling thread. Thread safe.
 */
internal class TaskWork(private val clocks: CpuClock = CpuClocks) {
    private val startNanos = System.nanoTime()
    private val caller = Thread.currentThread()
    private val startJitMillis = clocks.jitMillis()
    private val nanos = LongAdder()
    private val threads: MutableSet<Thread> = ConcurrentHashMap.newKeySet()

    /** Each pool thread's readings ([readingsOf]) at the start of its first task and at the end of its latest. */
    private val poolReadings = ConcurrentHashMap<Thread, LongArray>()

    /** Runs one task's [work], timed and counted on this thread. */
    fun <R> task(work: () -> R): R {
        val thread = Thread.currentThread()
        val readings = if (thread === caller) null else readingsOf(thread)
        val start = System.nanoTime()
        return work().also {
            val end = System.nanoTime()
            nanos.add(end - start)
            threads += thread
            if (readings != null) {
                readings[END + OWN] = clocks.threadCpuNanos()
                readings[END + WALL] = System.nanoTime()
            }
        }
    }

    /** The call, ended now, after its [tasks] tasks all ran. */
    fun finished(tasks: Int): SplitCall {
        val callerCpuNanos = clocks.threadCpuNanos()
        val endNanos = System.nanoTime()
        val wallNanos = endNanos - startNanos
        return SplitCall(
            wallNanos,
            nanos.sum(),
            tasks,
            threads.size,
            caller in threads,
            cores(wallNanos, callerCpuNanos, endNanos),
            poolReadings.values.minOfOrNull { it[WALL] }?.let { it - startNanos },
        )
    }

    /**
     * The readings of pool [thread], begun at the start of its first task with its CPU time, the calling thread's and
     * the wall time; its CPU time and the wall time at the end of each task follow (the calling thread's is read once:
     * a reading of another thread's clock costs a microsecond or more, too much at every end of a call's many small
     * tasks).
     */
    private fun readingsOf(thread: Thread): LongArray = poolReadings.computeIfAbsent(thread) {
        val wall = System.nanoTime()
        val own = clocks.threadCpuNanos()
        longArrayOf(own, clocks.threadCpuNanos(caller), wall, own, 0, wall)
    }

    /**
     * The CPU time of the call's threads over the wall time from the first task a pool thread began to the last it
     * ended: the cores they held at once, on average; or null (see the class).
     */
    private fun cores(wallNanos: Long, callerCpuNanos: Long, endNanos: Long): Double? {
        if (startJitMillis < 0 || clocks.jitMillis() != startJitMillis || callerCpuNanos < 0) return null
        val pool = poolReadings.values.toList()
        if (pool.isEmpty() || pool.any { readings -> CPU_TIMES.any { readings[it] < 0 } }) return null
        val first = pool.minBy { it[WALL] }
        val stretchEndNanos = pool.maxOf { it[END + WALL] }
        val stretchNanos = stretchEndNanos - first[WALL]
        if (stretchNanos <= 0 || stretchNanos < MIN_POOL_SHARE * wallNanos) return null
        // the calling thread's CPU time from the stretch's start to the call's end, less the time from the stretch's
        // end to the call's end, in which it ran alone (joining the parts' results)
        val callerNanos = (callerCpuNanos - first[CALLER] - (endNanos - stretchEndNanos)).coerceIn(0, stretchNanos)
        return (pool.sumOf { it[END + OWN] - it[OWN] } + callerNanos).toDouble() / stretchNanos
    }

    companion object {
        /** The least share of a call the pool's stretch covers for the call to tell the cores held. */
        const val MIN_POOL_SHARE = 0.25

        /** Where a reading holds each of its [CLOCKS] clocks ([readingsOf]); the end reading is at [END]. */
        private const val OWN = 0
        private const val CALLER = 1
        private const val WALL = 2
        private const val CLOCKS = 3
        private const val END = CLOCKS

        /** Where a pool thread's readings hold CPU times, each [CpuClocks.UNMEASURED] where not counted. */
        private val CPU_TIMES = intArrayOf(OWN, CALLER, END + OWN)
    }
}

/**
 * One split call as measured: its wall time, its tasks' engine time in all, how many tasks on how many threads,
 * whether the calling thread ran any of them ([callerRan]), the cores its threads held at once ([cores], see
 * [TaskWork]; null where not measured), and how long after the call's start a pool thread began its first task
 * ([poolStartNanos]; null where the pool ran none).
 */
internal class SplitCall(
    val wallNanos: Long,
    val engineNanos: Long,
    val tasks: Int,
    val threads: Int,
    val callerRan: Boolean = true,
    val cores: Double? = null,
    val poolStartNanos: Long? = null,
)
