package serialbench.parallel.internal.pool

import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * A work queue whose idle takers spin for [spinNanos] before they park. On a virtual machine, waking a
 * parked thread can take as long as decoding a few kilobytes; a worker that has just finished one call's
 * tasks is usually needed again at once, so a short spin keeps it awake for back-to-back calls. A pool whose
 * idle threads time out takes with [poll] and a timeout, which spins the same way first.
 */
internal class SpinningWorkQueue(private val spinNanos: Long) : LinkedBlockingQueue<Runnable>() {
    override fun take(): Runnable = spin() ?: super.take()

    override fun poll(timeout: Long, unit: TimeUnit): Runnable? = spin() ?: super.poll(timeout, unit)

    private fun spin(): Runnable? {
        val deadline = System.nanoTime() + spinNanos
        while (System.nanoTime() - deadline < 0) {
            poll()?.let { return it }
            Thread.onSpinWait()
        }
        return null
    }
}
