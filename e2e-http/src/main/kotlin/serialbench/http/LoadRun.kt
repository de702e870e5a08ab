package serialbench.http

import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong
import java.util.concurrent.atomic.AtomicReference

/**
 * One mode of an upload: [threads] client threads, each sending [warmupPerThread] discarded requests, then,
 * started together, sharing [requests] measured ones (each thread takes the next until none is left). Threads
 * are this run's own (daemon, `http-client-N`) and have ended when [run] returns.
 */
class LoadRun(
    private val upload: PreparedUpload<*>,
    private val threads: Int,
    private val warmupPerThread: Int,
    private val requests: Int,
) {
    init {
        require(threads > 0) { "threads <= 0: $threads" }
        require(warmupPerThread >= 0) { "warm-up < 0: $warmupPerThread" }
        require(requests > 0) { "requests <= 0: $requests" }
    }

    /** Per measured request, in the order they were taken; [totalWallNanos] from the common start to the last end. */
    class Timings(
        val requestNanos: LongArray,
        val encodeNanos: LongArray,
        val serverDecodeNanos: LongArray,
        val totalWallNanos: Long,
    )

    /** Sends the requests through [client]; throws [IllegalStateException] with the first failure as its cause. */
    fun run(client: UploadClient): Timings {
        val requestNanos = LongArray(requests)
        val encodeNanos = LongArray(requests)
        val decodeNanos = LongArray(requests)
        val next = AtomicInteger()
        val lastEndNanos = AtomicLong()
        val failure = AtomicReference<Throwable>()
        val warmedUp = CountDownLatch(threads)
        val go = CountDownLatch(1)
        val workers = List(threads) { index ->
            Thread({
                var counted = false
                try {
                    repeat(warmupPerThread) { upload.send(client) }
                    warmedUp.countDown()
                    counted = true
                    go.await()
                    while (failure.get() == null) {
                        val request = next.getAndIncrement()
                        if (request >= requests) break
                        val timing = upload.send(client)
                        requestNanos[request] = timing.requestNanos
                        encodeNanos[request] = timing.encodeNanos
                        decodeNanos[request] = timing.serverDecodeNanos
                    }
                    lastEndNanos.accumulateAndGet(System.nanoTime(), ::maxOf)
                } catch (e: Throwable) {
                    failure.compareAndSet(null, e)
                } finally {
                    if (!counted) warmedUp.countDown()
                }
            }, "http-client-${index + 1}").apply { isDaemon = true }
        }
        workers.forEach { it.start() }
        warmedUp.await()
        val startNanos = System.nanoTime()
        go.countDown()
        workers.forEach { it.join() }
        failure.get()?.let {
            throw IllegalStateException("$upload, $threads client threads, ${mode(client)}: ${it.message}", it)
        }
        return Timings(requestNanos, encodeNanos, decodeNanos, lastEndNanos.get() - startNanos)
    }

    private fun mode(client: UploadClient) = if (client.pooled) "pooled connections" else "a new connection per request"
}
