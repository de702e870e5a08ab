package serialbench.measure

import java.util.Locale

/**
 * The time left in a run of [totalForks] forks, from the forks done so far: each codec's forks take about as long
 * as each other, and codecs about as long as the mean of those done ([line]). Warm-ups and JVM starts cost every
 * codec the same, so the estimate errs only by how much the timed calls differ from codec to codec.
 */
class ForkEta(private val totalForks: Int, private val clockNanos: () -> Long = System::nanoTime) {
    init {
        require(totalForks >= 1) { "totalForks < 1: $totalForks" }
    }

    private val startNanos = clockNanos()
    private var doneForks = 0

    fun forkDone() {
        doneForks++
    }

    /** `elapsed m:ss | ETA m:ss`, the ETA `?` before the first fork is done. */
    fun line(): String {
        val elapsedNanos = clockNanos() - startNanos
        val eta = if (doneForks == 0) {
            "?"
        } else {
            clock(elapsedNanos / doneForks * (totalForks - doneForks))
        }
        return "elapsed ${clock(elapsedNanos)} | ETA $eta"
    }

    companion object {
        /** [nanos] as `m:ss`. */
        fun clock(nanos: Long): String {
            val seconds = nanos / 1_000_000_000
            return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60)
        }
    }
}
