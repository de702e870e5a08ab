package serialbench.measure

import java.util.Locale

/**
 * One console line at a time on a long run (Surefire captures output, so no carriage-return animation): a line
 * when a (codec, operation, size) finishes, and during slow ones at most one every [intervalNanos]. The ETA
 * takes each remaining measurement as the fixed warm-up time plus the time per object seen so far.
 */
class Progress(
    private val config: BenchConfig,
    private val print: (String) -> Unit,
    private val clockNanos: () -> Long = System::nanoTime,
    private val intervalNanos: Long = 10_000_000_000,
) {
    private var startNanos = clockNanos()
    private val totalMeasurements = config.sizes.size * config.codecs.size * Operation.entries.size
    private val totalObjects = config.sizes.sumOf { it.toLong() } * config.codecs.size * Operation.entries.size
    private var doneMeasurements = 0
    private var doneObjects = 0L
    private var lastPrintNanos = startNanos
    private var lastFinishedNanos = startNanos
    private var remainingAtLastFinishedNanos: Long? = null

    /** Restarts the clock: elapsed time and ETA count from here (after cold starts and warm-up, say). */
    fun start() {
        startNanos = clockNanos()
        lastPrintNanos = startNanos
        lastFinishedNanos = startNanos
    }

    fun repetition(codec: String, operation: Operation, size: Int, done: Int, total: Int) {
        val now = clockNanos()
        if (now - lastPrintNanos < intervalNanos) return
        print("${where(codec, operation, size)}: repetition $done of $total | ${timing(now)}")
    }

    fun finished(codec: String, operation: Operation, size: Int, stats: Statistics) {
        doneMeasurements++
        doneObjects += size
        lastFinishedNanos = clockNanos()
        remainingAtLastFinishedNanos = estimateRemainingNanos(lastFinishedNanos - startNanos)
        val error = stats.errorNanos?.let { " ± ${duration(it)}" } ?: ""
        print("${where(codec, operation, size)}: ${stats.count} repetitions, mean ${duration(stats.meanNanos)}$error | ${timing(clockNanos())}")
    }

    private fun where(codec: String, operation: Operation, size: Int): String {
        val sizeIndex = config.sizes.indexOf(size) + 1
        return "N=$size (size $sizeIndex of ${config.sizes.size}) $codec ${operation.displayName}"
    }

    private fun timing(now: Long): String {
        lastPrintNanos = now
        val elapsed = now - startNanos
        val eta = remainingAtLastFinishedNanos?.let { (it - (now - lastFinishedNanos)).coerceAtLeast(0) }
        return "done $doneMeasurements of $totalMeasurements | elapsed ${clock(elapsed)} | ETA ${eta?.let(::clock) ?: "?"}"
    }

    private fun estimateRemainingNanos(elapsedNanos: Long): Long {
        val fixedNanos = config.warmupMillis * 1_000_000
        val perObjectNanos = ((elapsedNanos - fixedNanos * doneMeasurements).coerceAtLeast(0)).toDouble() / doneObjects
        val remaining = (totalMeasurements - doneMeasurements) * fixedNanos + perObjectNanos * (totalObjects - doneObjects)
        return remaining.toLong()
    }

    private fun clock(nanos: Long): String {
        val seconds = nanos / 1_000_000_000
        return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60)
    }

    private fun duration(nanos: Double): String = when {
        nanos < 1e6 -> String.format(Locale.ROOT, "%.1f us", nanos / 1e3)
        else -> String.format(Locale.ROOT, "%.2f ms", nanos / 1e6)
    }
}
