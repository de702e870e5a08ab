package serialbench.parallel.internal.split

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

/**
 * What one split call's tasks did, for [SplitCosts]: their engine time in all, and how many threads ran them (the
 * calling thread included: a pool without CPU leaves every task to it). Thread safe.
 */
internal class TaskWork {
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

    val engineNanos: Long get() = nanos.sum()

    val threadCount: Int get() = threads.size
}
