package serialbench.parallel.internal.pool

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.Executor
import java.util.concurrent.ThreadFactory
import java.util.concurrent.ThreadPoolExecutor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/**
 * The threads behind the parallel layer. By default every instance of one parallelism shares one process-wide
 * pool of `parallelism - 1` daemon threads (the caller works too), started on first use; a thread idle for
 * [keepAliveMillis] ends, so nothing stays alive in a service between bursts and nothing needs `close()`. An
 * instance given the service's own [Executor] runs its tasks there instead.
 */
internal object WorkerPool {
    /** How long an idle worker, or a caller waiting for workers, spins before it parks. */
    const val SPIN_NANOS: Long = 200_000

    /** How long an idle pool thread lives by default: a minute, as OkHttp's dispatcher keeps its threads. */
    const val DEFAULT_KEEP_ALIVE_MILLIS: Long = 60_000

    private val pools = ConcurrentHashMap<Int, ThreadPoolExecutor>()

    @Volatile
    private var keepAliveMillis: Long = DEFAULT_KEEP_ALIVE_MILLIS

    /** The shared pool for [parallelism], or null for a parallelism of 1 (everything then runs on the caller). */
    fun shared(parallelism: Int): Executor? {
        if (parallelism <= 1) return null
        return pools.computeIfAbsent(parallelism) { newPool(parallelism - 1) }
    }

    /** Sets how long idle shared threads live, for pools made before and after (tests shorten it). */
    fun keepAlive(millis: Long) {
        require(millis > 0) { "keep-alive <= 0: $millis ms" }
        keepAliveMillis = millis
        pools.values.forEach { it.setKeepAliveTime(millis, TimeUnit.MILLISECONDS) }
    }

    private fun newPool(workers: Int): ThreadPoolExecutor {
        val threads = AtomicInteger()
        val factory = ThreadFactory { task ->
            Thread(task, "ParallelJson-${workers + 1}-worker-${threads.incrementAndGet()}").apply { isDaemon = true }
        }
        val queue = SpinningWorkQueue(SPIN_NANOS)
        return ThreadPoolExecutor(workers, workers, keepAliveMillis, TimeUnit.MILLISECONDS, queue, factory).apply {
            allowCoreThreadTimeOut(true)
        }
    }
}
