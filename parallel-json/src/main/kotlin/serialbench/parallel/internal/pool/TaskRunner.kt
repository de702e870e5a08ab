package serialbench.parallel.internal.pool

import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.Job
import kotlinx.coroutines.NonCancellable
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.withContext
import java.util.concurrent.Executor
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicReference
import java.util.concurrent.locks.LockSupport
import kotlin.coroutines.coroutineContext

/**
 * Runs the tasks of one call (chunks to encode or slices to decode, see `ParallelJsonArrays`) on the calling
 * thread and up to `parallelism - 1` threads of [pool]: the process-wide pool shared by every instance of that
 * parallelism ([WorkerPool.shared]), or the service's own executor. Thread safe; [close] stops handing it tasks.
 *
 * Tasks are claimed in index order by whichever thread is free, the caller included, so a call never waits
 * for work still queued behind other calls: it waits only for tasks that a pool thread has already claimed.
 * A call therefore cannot deadlock, even from inside a task (a serializer that calls the layer again), which
 * runs unsplit on its thread. Waiting ignores interrupts, as the engine itself would, and sets the thread's
 * interrupt flag again before returning.
 */
internal class TaskRunner(
    private val parallelism: Int,
    executor: Executor? = null,
    private val spinNanos: Long = WorkerPool.SPIN_NANOS,
) : AutoCloseable {
    private val pool: Executor? = if (parallelism <= 1) null else executor ?: WorkerPool.shared(parallelism)
    private val closed = AtomicBoolean()

    /** This runner's tasks running on pool threads now; [close] waits for them. */
    private val running = AtomicInteger()

    /** Tasks handed over by [offer] that no pool thread has started yet. */
    private val offered = AtomicInteger()

    /** How many offered tasks may wait for the pool at once. */
    private val maxOffered = OFFERED_PER_THREAD * parallelism

    /**
     * Stops handing tasks to the pool (calls then throw, see [checkOpen]) and waits, at most
     * [CLOSE_WAIT_SECONDS], for this runner's tasks already running to finish (not when called from inside a
     * task). The pool is not shut down: it is shared, or the service's. Idempotent.
     */
    override fun close() {
        if (!closed.compareAndSet(false, true)) return
        if (pool == null || insideTask()) return
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS)
        while (running.get() != 0 && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(1)
            } catch (e: InterruptedException) {
                Thread.currentThread().interrupt()
                return
            }
        }
    }

    /** Throws [IllegalStateException] naming [owner] once closed. */
    fun checkOpen(owner: String) = check(!closed.get()) { "$owner is closed" }

    /**
     * Hands [task] to a pool thread; false when there is none, it is closed or it refuses (the caller runs it
     * then).
     */
    fun execute(task: Runnable): Boolean {
        val executor = pool ?: return false
        if (closed.get()) return false
        return try {
            executor.execute(Marked(task))
            true
        } catch (e: RejectedExecutionException) {
            false
        }
    }

    /**
     * Hands [task], one that its caller can as well run itself later (a stream's batch read ahead), to a pool
     * thread as [execute] does, unless `OFFERED_PER_THREAD * parallelism` tasks offered before wait for the pool
     * unstarted: the work of streams abandoned before their end cannot pile up on the pool.
     */
    fun offer(task: Runnable): Boolean {
        if (offered.incrementAndGet() > maxOffered) {
            offered.decrementAndGet()
            return false
        }
        if (execute(Offered(task))) return true
        offered.decrementAndGet()
        return false
    }

    /** [task], no longer waiting among the [offered] ones once a thread starts it. */
    private inner class Offered(private val task: Runnable) : Runnable {
        override fun run() {
            offered.decrementAndGet()
            task.run()
        }
    }

    /** Whether the calling thread is running a task of the parallel layer (of any instance). */
    fun insideTask(): Boolean = INSIDE_TASK.get() == true

    /** [task], counted in [running] and marked as a task of the layer while it runs. */
    private inner class Marked(private val task: Runnable) : Runnable {
        override fun run() {
            running.incrementAndGet()
            val outer = INSIDE_TASK.get()
            INSIDE_TASK.set(true)
            try {
                task.run()
            } finally {
                INSIDE_TASK.set(outer)
                running.decrementAndGet()
            }
        }
    }

    /**
     * Runs [task] for indices `0 until count` and returns the results in index order. When tasks fail, the
     * tasks after the lowest failing index are skipped and [TaskFailedException] reports that index and its
     * failure, whichever thread saw it first.
     */
    fun <R> map(count: Int, task: (Int) -> R): List<R> {
        val call = Call(count, task)
        call.startWorkers()
        return call.join()
    }

    /**
     * Starts [task] for indices `0 until count` on the pool's threads and returns at once, so that the caller can read
     * something else meanwhile; it then [Started.join]s the call, or [Started.cancel]s it.
     */
    fun <R> start(count: Int, task: (Int) -> R): Started<R> {
        val call = Call(count, task)
        if (pool != null) call.startWorkers()
        return call
    }

    /**
     * A call begun by [start]. The thread that started it ends it: [join], or [cancel] (which, after a join, does
     * nothing); until then its tasks may be running on the pool.
     */
    interface Started<R> {
        /** [map]'s result: the caller runs the tasks no pool thread has claimed yet and waits for the others. */
        fun join(): List<R>

        /** Skips the tasks not claimed yet and waits for those running: nothing of the call runs after it returns. */
        fun cancel()
    }

    /** [map] for coroutines: the caller's share runs in its context; cancellation skips the tasks not started. */
    suspend fun <R> mapSuspending(count: Int, task: (Int) -> R): List<R> {
        val call = Call(count, task)
        call.startWorkers()
        try {
            call.work(coroutineContext[Job])
        } finally {
            call.stop()
            call.awaitWorkersSuspending()
        }
        return call.results()
    }

    private inner class Call<R>(private val count: Int, private val task: (Int) -> R) : Started<R> {
        private val results = arrayOfNulls<Any>(count)
        private val next = AtomicInteger()
        private val failure = AtomicReference<TaskFailedException?>()

        @Volatile private var stopped = false

        /** Pool threads inside this call; the caller waits for it to fall to 0. */
        private val active = AtomicInteger()

        /** The caller's thread or deferred, told when [active] falls to 0. */
        @Volatile private var waiter: Any? = null

        /** The thread that made the call, which runs the tasks no pool thread claims when it joins. */
        private val caller = Thread.currentThread()

        fun startWorkers() {
            checkNotNull(pool) { "a parallelism of 1 runs every task on the caller" }
            // Refused (closed meanwhile, or a service's executor that is full): the caller runs the tasks alone.
            repeat(minOf(parallelism, count) - 1) { if (!execute(::workOnPool)) return }
        }

        private fun workOnPool() {
            // An executor that runs a task on the thread handing it over (one made so, or a full pool's caller-runs
            // policy) adds no thread, and would run the tasks before the caller does what it started them to do
            // meanwhile (walk a map whose entries the chunks wait for): the caller runs them when it joins.
            if (Thread.currentThread() === caller) return
            active.incrementAndGet()
            try {
                work(null)
            } finally {
                if (active.decrementAndGet() == 0) {
                    when (val w = waiter) {
                        is Thread -> LockSupport.unpark(w)
                        is CompletableDeferred<*> -> w.cancel(null)
                    }
                }
            }
        }

        /** Claims and runs tasks until none is left, one has failed, or [job] is cancelled. */
        fun work(job: Job?) {
            while (true) {
                job?.ensureActive()
                val i = next.getAndIncrement()
                if (i >= count || stopped || i > (failure.get()?.index ?: Int.MAX_VALUE)) return
                try {
                    results[i] = task(i)
                } catch (t: Throwable) {
                    record(TaskFailedException(i, t))
                }
            }
        }

        private fun record(failed: TaskFailedException) {
            while (true) {
                val current = failure.get()
                if (current != null && current.index < failed.index) return
                if (failure.compareAndSet(current, failed)) return
            }
        }

        fun stop() {
            stopped = true
        }

        fun awaitWorkers() {
            if (spinUntilIdle()) return
            waiter = Thread.currentThread()
            var interrupted = false
            while (active.get() != 0) {
                LockSupport.park(this)
                if (Thread.interrupted()) interrupted = true
            }
            if (interrupted) Thread.currentThread().interrupt()
        }

        suspend fun awaitWorkersSuspending() {
            if (spinUntilIdle()) return
            val idle = CompletableDeferred<Unit>()
            waiter = idle
            if (active.get() == 0) return
            // The last pool thread to leave cancels the deferred (it needs no value); join returns either way.
            withContext(NonCancellable) { idle.join() }
        }

        /** The pool threads are on their last tasks: spinning briefly spares the caller a park and a wake-up. */
        private fun spinUntilIdle(): Boolean {
            val deadline = System.nanoTime() + spinNanos
            while (active.get() != 0) {
                if (System.nanoTime() - deadline >= 0) return false
                Thread.onSpinWait()
            }
            return true
        }

        override fun join(): List<R> {
            work(null)
            awaitWorkers()
            return results()
        }

        override fun cancel() {
            stop()
            awaitWorkers()
        }

        @Suppress("UNCHECKED_CAST")
        fun results(): List<R> {
            failure.get()?.let { throw it }
            return results.asList() as List<R>
        }
    }
}

private const val CLOSE_WAIT_SECONDS = 10L

/** Offered tasks that may wait for the pool per thread of the parallelism: twice what one stream reads ahead. */
private const val OFFERED_PER_THREAD = 4

/** Set on a thread while it runs a task of the parallel layer: a call made there runs unsplit. */
private val INSIDE_TASK = ThreadLocal<Boolean>()

/** Task [index] failed with [cause]; the lowest failing index of its call. Never leaves the package. */
internal class TaskFailedException(val index: Int, cause: Throwable) :
    RuntimeException("task $index failed: $cause", cause, false, false)
