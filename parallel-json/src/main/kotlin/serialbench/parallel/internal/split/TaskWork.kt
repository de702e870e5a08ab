package serialbench.parallel.internal.split

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

/**
 * What one split call's tasks did, for [SplitCosts]: their engine time in all, and how many threads ran them (the
 * calling thread included: a pool without CPU leaves every task to it). Made when the call starts. Thread safe.
 */
internal class TaskWork {
    private val startNanos = System.nanoTime()
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
    fun finished(tasks: Int): SplitCall = SplitCall(System.nanoTime() - startNanos, nanos.sum(), tasks, threads.size)
}

/** One split call as measured: its wall time, its tasks' engine time in all, how many tasks on how many threads. */
internal class SplitCall(val wallNanos: Long, val engineNanos: Long, val tasks: Int, val threads: Int)
