package serialbench.measure

import serialbench.results.Operation
import serialbench.statistics.Drift
import serialbench.statistics.Statistics
import java.util.Locale

/**
 * One console line at a time on a long run (Surefire captures output, so no carriage-return animation): a line
 * when a (codec, operation, size) finishes, and during slow ones at most one every [intervalNanos].
 *
 * The ETA models each measurement as a fixed cost (warm-up, GC, checks: the mean time of the measurements at
 * the smallest size) plus a cost per object (fitted on the larger sizes done so far); it shows `?` until both
 * are known.
 */
class Progress(
    /** The (shape, size) steps of the run in order; each measures every codec. */
    private val steps: List<Pair<String, Int>>,
    private val codecCount: Int,
    private val print: (String) -> Unit,
    private val clockNanos: () -> Long = System::nanoTime,
    private val intervalNanos: Long = 10_000_000_000,
) {
    init {
        require(steps.isNotEmpty()) { "no steps" }
        require(codecCount >= 1) { "codecCount < 1: $codecCount" }
    }

    private val shapeCount = steps.map { it.first }.distinct().size
    private val smallestSize = steps.minOf { it.second }
    private val totalMeasurements = steps.size * codecCount * Operation.entries.size
    private val totalObjects = steps.sumOf { it.second.toLong() } * codecCount * Operation.entries.size
    private val finished = mutableListOf<Pair<Int, Long>>() // size to duration
    private var startNanos = clockNanos()
    private var lastPrintNanos = startNanos
    private var lastFinishedNanos = startNanos
    private var remainingAtLastFinishedNanos: Long? = null

    /** Restarts the clock: elapsed time and ETA count from here (after cold starts and warm-up, say). */
    fun start() {
        startNanos = clockNanos()
        lastPrintNanos = startNanos
        lastFinishedNanos = startNanos
    }

    fun repetition(cell: Cell, operation: Operation, done: Int, total: Int) {
        val now = clockNanos()
        if (now - lastPrintNanos < intervalNanos) return
        print("${where(cell, operation)}: repetition $done of $total | ${timing(now)}")
    }

    /** A series was still getting faster ([Drift]) and goes on from its second half. */
    fun repeating(cell: Cell, operation: Operation, drift: Drift) {
        print("${where(cell, operation)}: ${drift.describe()}, still warming up; dropping its first half and going on")
    }

    fun compiling(cell: Cell, operation: Operation, jitMillis: Long) {
        print("${where(cell, operation)}: the JIT compiled for $jitMillis ms of its timed calls; measuring it again")
    }

    fun finished(cell: Cell, operation: Operation, stats: Statistics) {
        val now = clockNanos()
        finished += cell.size to now - lastFinishedNanos
        lastFinishedNanos = now
        remainingAtLastFinishedNanos = estimateRemainingNanos()
        val error = stats.errorNanos?.let { " ± ${duration(it)}" } ?: ""
        val mean = duration(stats.meanNanos)
        print("${where(cell, operation)}: ${stats.count} repetitions, mean $mean$error | ${timing(now)}")
    }

    private fun where(cell: Cell, operation: Operation): String {
        val step = steps.indexOf(cell.shape to cell.size) + 1
        val shape = if (shapeCount > 1) "${cell.shape} " else ""
        return "${shape}N=${cell.size} (size $step of ${steps.size}) ${cell.codec} ${operation.displayName}"
    }

    private fun timing(now: Long): String {
        lastPrintNanos = now
        val eta = remainingAtLastFinishedNanos?.let { (it - (now - lastFinishedNanos)).coerceAtLeast(0) }
        val elapsed = clock(now - startNanos)
        return "done ${finished.size} of $totalMeasurements | elapsed $elapsed | ETA ${eta?.let(::clock) ?: "?"}"
    }

    private fun estimateRemainingNanos(): Long? {
        if (finished.size == totalMeasurements) return 0
        val (small, large) = finished.partition { it.first == smallestSize }
        if (small.isEmpty() || large.isEmpty()) return null
        val fixedNanos = small.map { it.second }.average()
        val variableNanos = (large.sumOf { it.second } - fixedNanos * large.size).coerceAtLeast(0.0)
        val perObjectNanos = variableNanos / large.sumOf { it.first.toLong() }
        val remainingObjects = totalObjects - finished.sumOf { it.first.toLong() }
        return ((totalMeasurements - finished.size) * fixedNanos + perObjectNanos * remainingObjects).toLong()
    }

    private fun clock(nanos: Long): String = ForkEta.clock(nanos)

    private fun duration(nanos: Double): String = when {
        nanos < 1e6 -> String.format(Locale.ROOT, "%.1f us", nanos / 1e3)
        else -> String.format(Locale.ROOT, "%.2f ms", nanos / 1e6)
    }
}
