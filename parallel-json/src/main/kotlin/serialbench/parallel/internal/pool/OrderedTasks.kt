package serialbench.parallel.internal.pool

import java.lang.ref.WeakReference
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.locks.LockSupport

/**
 * Tasks of one stream, run on a [TaskRunner]'s pool and by the one consumer thread that submits them, and taken
 * back in submission order. The consumer never waits for a task nobody runs: the head task, if no pool thread
 * has claimed it, runs on the consumer; while a pool thread holds the head, the consumer runs later tasks
 * or lets `help` hand on more work. Only the consumer thread calls [submit], [takeHead] and [close].
 *
 * The tasks are offered to the pool ([TaskRunner.offer]), so the consumer runs those the pool has no room for. A
 * consumer may drop this object without [close] (a sequence abandoned before its end): the pool's queue holds its
 * tasks but not the object itself, so the object is garbage once the consumer lets go of it, and a pool thread then
 * skips its tasks unrun. The work submitted must hold nothing of the consumer, or that keeps it alive until run.
 */
internal class OrderedTasks<R>(private val runner: TaskRunner, private val spinNanos: Long = WorkerPool.SPIN_NANOS) {
    private val queue = ArrayDeque<Task<R>>()

    /** Cleared once nothing can take these tasks any more: the pool then has no one to run them for. */
    private val taker = WeakReference(this)

    val size: Int get() = queue.size

    fun submit(work: () -> R) {
        val task = Task(work, taker)
        queue.addLast(task)
        runner.offer(task)
    }

    /**
     * The head task's result (or its failure, rethrown), or null when nothing is queued. While a pool thread
     * holds the head, `help` may queue more work (it returns false when it cannot); then the consumer runs
     * later tasks no pool thread has claimed; then it waits, ignoring interrupts but keeping the flag.
     */
    fun takeHead(help: () -> Boolean): R? {
        val head = queue.removeFirstOrNull() ?: return null
        head.run()
        while (!head.isDone) {
            if (help()) continue
            val other = queue.firstOrNull { it.isUnclaimed }
            if (other != null) other.run() else head.await(spinNanos)
        }
        return head.result()
    }

    /** Drops the tasks not yet claimed; those running finish, and their results are dropped. */
    fun close() {
        for (task in queue) task.cancel()
        queue.clear()
    }

    private class Task<R>(work: () -> R, private val taker: WeakReference<*>) : Runnable {
        private val state = AtomicInteger(NEW)

        /** Let go once claimed: the task may wait in the pool's queue long after. */
        private var work: (() -> R)? = work
        private var value: R? = null
        private var failure: Throwable? = null

        @Volatile private var waiter: Thread? = null

        val isUnclaimed: Boolean get() = state.get() == NEW
        val isDone: Boolean get() = state.get() == DONE

        /** Runs the work unless another thread claimed it first, or nothing can take its result any more. */
        override fun run() {
            if (taker.get() == null) cancel()
            if (!state.compareAndSet(NEW, RUNNING)) return
            val claimed = checkNotNull(work)
            work = null
            try {
                value = claimed()
            } catch (t: Throwable) {
                failure = t
            }
            state.set(DONE)
            waiter?.let { LockSupport.unpark(it) }
        }

        fun cancel() {
            if (state.compareAndSet(NEW, CANCELLED)) work = null
        }

        fun await(spinNanos: Long) {
            val deadline = System.nanoTime() + spinNanos
            while (!isDone && System.nanoTime() - deadline < 0) Thread.onSpinWait()
            if (isDone) return
            waiter = Thread.currentThread()
            var interrupted = false
            while (!isDone) {
                LockSupport.park(this)
                if (Thread.interrupted()) interrupted = true
            }
            if (interrupted) Thread.currentThread().interrupt()
        }

        /** The result, taken once: the task may wait in the pool's queue long after. */
        @Suppress("UNCHECKED_CAST")
        fun result(): R {
            failure?.let { throw it }
            return (value as R).also { value = null }
        }

        private companion object {
            const val NEW = 0
            const val RUNNING = 1
            const val DONE = 2
            const val CANCELLED = 3
        }
    }
}
