package serialbench.parallel.internal.split

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

/**
 * What one split call's tasks did, for [SplitCosts]: their engine time in all, and how many threads ran them (the
 * calling thread included: a pool without CPU leaves every task to it). Made when the call starts, on the calling
 * thread. Thread safe.
 */
internal class TaskWork {
    private val startNanos = System.nanoTime()
    private val caller = Thread.currentThread()
    private val nanos = LongAdder()
    private val threads: MutableSet<Thread> = ConcurrentHashMap.newKeySet()

    /** Runs one task's [work], timed and counted on this thread. */
    fun <R> task(work: () -> R): R {
        val start = System.nanoTime()
        return work().also {
            nanos.add(System.nanoTime() - start)
            threads += Thread.currentThread()
        }
    }

    /** The call, ended now, after its [tasks] tasks all ran. */
    fun finished(tasks: Int): SplitCall =
        SplitCall(System.nanoTime() - startNanos, nanos.sum(), tasks, threads.size, caller in threads)
}

/**
 * One split call as measured: its wall time, its tasks' engine time in all, how many tasks on how many threads, and
 * whether the calling thread ran any of them ([callerRan]).
 */
internal class SplitCall(
    val wallNanos: Long,
    val engineNanos: Long,
    val tasks: Int,
    val threads: Int,
    val callerRan: Boolean = true,
)
