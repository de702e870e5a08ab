package serialbench.robustness

import java.util.concurrent.ExecutionException
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException

/**
 * Runs calls one at a time on a thread of its own, each with a timeout, so that a call that never returns is
 * reported rather than stopping the caller. A call that times out is interrupted and its thread abandoned (a daemon
 * thread: it cannot keep the JVM alive, but it runs on until it returns, if ever); the next call gets a new thread.
 * Not thread safe: one caller.
 */
internal class IsolatedCalls(private val timeoutMillis: Long, private val threadName: String) : AutoCloseable {
    private var executor: ExecutorService = newExecutor()

    /** How many threads were abandoned to calls that did not return in time. */
    var abandonedThreads: Int = 0
        private set

    init {
        require(timeoutMillis > 0) { "timeoutMillis <= 0: $timeoutMillis" }
    }

    /** What [call] returned, or `null` if it did not return within the timeout; what it throws is thrown here. */
    fun <R : Any> run(call: () -> R): R? {
        val future = executor.submit(call)
        return try {
            future.get(timeoutMillis, TimeUnit.MILLISECONDS)
        } catch (e: TimeoutException) {
            future.cancel(true)
            executor.shutdownNow()
            abandonedThreads++
            executor = newExecutor()
            null
        } catch (e: ExecutionException) {
            throw e.cause ?: e
        }
    }

    override fun close() {
        executor.shutdownNow()
    }

    private fun newExecutor(): ExecutorService = Executors.newSingleThreadExecutor { task ->
        Thread(task, "$threadName-${abandonedThreads + 1}").apply { isDaemon = true }
    }
}
