package serialbench.parallel.internal.split

import serialbench.parallel.internal.pool.CpuClock
import serialbench.parallel.internal.pool.CpuClocks
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

/**
 * What one split call's tasks did, for [SplitCosts]: their engine time in all, how many threads ran them (the
 * calling thread included: a pool without CPU leaves every task to it), and the CPU those threads used in it: the
 * calling thread's over the whole call, each pool thread's from the start of its first task to the end of its last;
 * unless the JIT finished compiling meanwhile: its threads held cores too, which says nothing of the machine, and it
 * soon ends; nor where the pool's threads were busy for less than [MIN_POOL_SHARE] of the call, as with a document's
 * small part begun ahead while the calling thread read the rest: the call's CPU is then the calling thread's own
 * work, which says the same of a free machine and of one whose threads take turns. Made when the call starts, on the
 * calling thread. Thread safe.
 */
internal class TaskWork(private val clocks: CpuClock = CpuClocks) {
    private val startNanos = System.nanoTime()
    private val caller = Thread.currentThread()
    private val callerStartCpuNanos = clocks.threadCpuNanos()
    private val startJitMillis = clocks.jitMillis()
    private val nanos = LongAdder()
    private val threads: MutableSet<Thread> = ConcurrentHashMap.newKeySet()

    /**
     * Each pool thread's CPU time at the start of its first task and at the end of its latest, then its wall time
     * ([System.nanoTime]) at those moments; only it writes.
     */
    private val poolCpuNanos = ConcurrentHashMap<Thread, LongArray>()

    /** Runs one task's [work], timed and counted on this thread. */
    fun <R> task(work: () -> R): R {
        val thread = Thread.currentThread()
        val cpu = if (thread === caller) null else poolCpuNanos.computeIfAbsent(thread) { cpuNow() }
        val start = System.nanoTime()
        return work().also {
            val end = System.nanoTime()
            nanos.add(end - start)
            threads += thread
            if (cpu != null) {
                cpu[1] = clocks.threadCpuNanos()
                cpu[3] = end
            }
        }
    }

    /** The call, ended now, after its [tasks] tasks all ran. */
    fun finished(tasks: Int): SplitCall {
        val wallNanos = System.nanoTime() - startNanos
        return SplitCall(wallNanos, nanos.sum(), tasks, threads.size, caller in threads, cores(wallNanos))
    }

    private fun cpuNow(): LongArray = clocks.threadCpuNanos().let { cpu ->
        System.nanoTime().let { wall -> longArrayOf(cpu, cpu, wall, wall) }
    }

    /**
     * The CPU time of the call's threads over its wall time: the cores they held at once, on average; or null (not
     * measured, or the JIT compiled meanwhile).
     */
    private fun cores(wallNanos: Long): Double? {
        val callerEndCpuNanos = clocks.threadCpuNanos()
        if (callerStartCpuNanos < 0 || callerEndCpuNanos < 0 || wallNanos <= 0) return null
        if (startJitMillis < 0 || clocks.jitMillis() != startJitMillis) return null
        val pool = poolCpuNanos.values
        if (pool.isNotEmpty() && pool.maxOf { it[3] - it[2] } < MIN_POOL_SHARE * wallNanos) return null
        var cpuNanos = callerEndCpuNanos - callerStartCpuNanos
        for ((start, end) in pool) {
            if (start < 0 || end < 0) return null
            cpuNanos += end - start
        }
        return cpuNanos.toDouble() / wallNanos
    }

    companion object {
        /** The least share of a call its pool threads' busiest span covers for the call to tell the cores held. */
        const val MIN_POOL_SHARE = 0.25
    }
}

/**
 * One split call as measured: its wall time, its tasks' engine time in all, how many tasks on how many threads,
 * whether the calling thread ran any of them ([callerRan]), and the cores its threads held at once ([cores], see
 * [TaskWork]; null where not measured).
 */
internal class SplitCall(
    val wallNanos: Long,
    val engineNanos: Long,
    val tasks: Int,
    val threads: Int,
    val callerRan: Boolean = true,
    val cores: Double? = null,
)
