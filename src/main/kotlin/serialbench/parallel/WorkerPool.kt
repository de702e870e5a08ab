package serialbench.parallel

import java.util.concurrent.ThreadFactory
import java.util.concurrent.ThreadPoolExecutor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.ExecutorCoroutineDispatcher
import kotlinx.coroutines.asCoroutineDispatcher

/** The pool behind the parallel codecs: `parallelism - 1` daemon threads, since the caller works too. */
internal object WorkerPool {
    /** How long an idle worker, or a caller waiting for workers, spins before it parks. */
    const val SPIN_NANOS: Long = 200_000

    private val poolCount = AtomicInteger()

    /** Null for a parallelism of 1: everything then runs on the calling thread. */
    fun dispatcher(parallelism: Int): ExecutorCoroutineDispatcher? {
        if (parallelism <= 1) return null
        val workers = parallelism - 1
        val pool = poolCount.incrementAndGet()
        val threads = AtomicInteger()
        val factory = ThreadFactory { task ->
            Thread(task, "ParallelJson-$pool-worker-${threads.incrementAndGet()}").apply { isDaemon = true }
        }
        return ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS, SpinningWorkQueue(SPIN_NANOS), factory)
            .asCoroutineDispatcher()
    }
}
