package serialbench.parallel

import java.util.concurrent.ThreadFactory
import java.util.concurrent.ThreadPoolExecutor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/** The pools behind the parallel layer: `parallelism - 1` daemon threads each, since the caller works too. */
internal object WorkerPool {
    /** How long an idle worker, or a caller waiting for workers, spins before it parks. */
    const val SPIN_NANOS: Long = 200_000

    private val poolCount = AtomicInteger()

    /** A pool thread, which knows the runner that owns it (a call from there must not wait for the pool). */
    class WorkerThread(val owner: TaskRunner, task: Runnable, name: String) : Thread(task, name)

    /** Null for a parallelism of 1: everything then runs on the calling thread. */
    fun executor(parallelism: Int, owner: TaskRunner): ThreadPoolExecutor? {
        if (parallelism <= 1) return null
        val workers = parallelism - 1
        val pool = poolCount.incrementAndGet()
        val threads = AtomicInteger()
        val factory = ThreadFactory { task ->
            WorkerThread(owner, task, "ParallelJson-$pool-worker-${threads.incrementAndGet()}").apply { isDaemon = true }
        }
        return ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS, SpinningWorkQueue(SPIN_NANOS), factory)
    }
}
