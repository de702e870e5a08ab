package serialbench.results

import kotlinx.serialization.Serializable

/**
 * How steady the machine was over a run: a fixed reference workload ([workload]), the same code on the same data
 * every time, timed at the start of the run and at its end, in the benchmark's own JVM. Its median over
 * [repetitions] at each end; [endOverStart] above 1 means the machine ran slower at the end (another load, a
 * throttled CPU, a noisy neighbour). `null` in files from before runs recorded it.
 */
@Serializable
data class Stability(val workload: String, val repetitions: Int, val startNanos: Double, val endNanos: Double) {
    val endOverStart: Double get() = endNanos / startNanos

    /** Whether the machine's speed moved by more than [LIMIT_PERCENT] between the start and the end. */
    val moved: Boolean get() = kotlin.math.abs(endOverStart - 1) * 100 > LIMIT_PERCENT

    companion object {
        const val LIMIT_PERCENT = 10.0
    }
}
