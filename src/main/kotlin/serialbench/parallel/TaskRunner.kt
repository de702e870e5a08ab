package serialbench.parallel

import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.ExecutorCoroutineDispatcher
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking

/**
 * Runs the tasks of one call (chunks to encode or slices to decode, see [ParallelJsonArrays]) on the calling
 * thread and a pool of `parallelism - 1` threads that this runner owns. Thread safe; [close] shuts the pool.
 */
internal class TaskRunner(
    private val parallelism: Int,
    private val spinNanos: Long = WorkerPool.SPIN_NANOS,
) : AutoCloseable {
    private val dispatcher: ExecutorCoroutineDispatcher? = WorkerPool.dispatcher(parallelism)
    private val closed = AtomicBoolean()

    /** Shuts the pool down; tasks already running finish. Idempotent. */
    override fun close() {
        if (closed.compareAndSet(false, true)) dispatcher?.close()
    }

    /** Throws [IllegalStateException] naming [owner] once closed. */
    fun checkOpen(owner: String) = check(!closed.get()) { "$owner is closed" }

    /** Blocking [mapSuspending]. */
    fun <R> map(count: Int, task: (Int) -> R): List<R> = runBlocking { mapSuspending(count, task) }

    /**
     * Runs [task] for indices `0 until count` on the calling thread and up to `parallelism - 1` pool threads,
     * returning results in index order. The first failure cancels the tasks not yet started and is rethrown.
     */
    suspend fun <R> mapSuspending(count: Int, task: (Int) -> R): List<R> {
        val pool = checkNotNull(dispatcher) { "a parallelism of 1 runs no tasks on a pool" }
        @Suppress("UNCHECKED_CAST")
        val results = arrayOfNulls<Any>(count) as Array<R>
        val next = AtomicInteger()
        coroutineScope {
            val worker: suspend () -> Unit = {
                while (true) {
                    coroutineContext.ensureActive()
                    val i = next.getAndIncrement()
                    if (i >= count) break
                    results[i] = task(i)
                }
            }
            val jobs = List(minOf(parallelism, count) - 1) { launch(pool) { worker() } }
            worker()
            // The workers are on their last tasks: spinning briefly spares this thread a park and a wake-up.
            val deadline = System.nanoTime() + spinNanos
            while (jobs.any { !it.isCompleted } && System.nanoTime() - deadline < 0) Thread.onSpinWait()
        }
        return results.asList()
    }
}
