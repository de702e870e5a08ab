package serialbench.parallel

import java.util.concurrent.LinkedBlockingQueue

/**
 * A work queue whose idle takers spin for [spinNanos] before they park. On a virtual machine, waking a
 * parked thread can take as long as decoding a few kilobytes; a worker that has just finished one call's
 * tasks is usually needed again at once, so a short spin keeps it awake for back-to-back calls.
 */
internal class SpinningWorkQueue(private val spinNanos: Long) : LinkedBlockingQueue<Runnable>() {
    override fun take(): Runnable {
        val deadline = System.nanoTime() + spinNanos
        while (System.nanoTime() - deadline < 0) {
            poll()?.let { return it }
            Thread.onSpinWait()
        }
        return super.take()
    }
}
