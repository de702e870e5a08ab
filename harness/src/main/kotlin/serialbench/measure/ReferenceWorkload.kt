package serialbench.measure

import serialbench.results.Stability
import serialbench.statistics.Statistics

/**
 * A fixed reference workload, timed at the start and at the end of a run to show how steady the machine was
 * ([Stability]): FNV-1a over [BYTES] fixed bytes, [PASSES] times, the hash consumed by a blackhole. It touches no
 * codec, allocates nothing while timed and depends on no input, so a change in its time is the machine's.
 */
class ReferenceWorkload(private val blackhole: Blackhole = Blackhole()) {
    private val data = ByteArray(BYTES) { (it * 31 + 7).toByte() }

    /** Runs of the workload so far, warm-up and timed. */
    var runs: Int = 0
        private set

    /** One run of the workload: the hash, which every run returns alike. */
    fun hash(): Int {
        runs++
        var hash = FNV_OFFSET
        repeat(PASSES) { pass ->
            hash = hash xor pass
            for (byte in data) hash = (hash xor byte.toInt()) * FNV_PRIME
        }
        return hash
    }

    /**
     * The median time of [REPETITIONS] runs, after [WARM_UP] untimed ones the first time: a fork reads it six times,
     * and the first warm-up compiled what the later readings run.
     */
    fun medianNanos(): Double {
        if (runs == 0) repeat(WARM_UP) { blackhole.consume(hash()) }
        val durations = LongArray(REPETITIONS)
        for (i in durations.indices) {
            val start = System.nanoTime()
            val hash = hash()
            durations[i] = System.nanoTime() - start
            blackhole.consume(hash)
        }
        return Statistics.quantile(durations.sortedArray(), 0.5)
    }

    companion object {
        const val BYTES = 64 * 1024
        const val PASSES = 32
        const val WARM_UP = 20
        const val REPETITIONS = 11
        const val DESCRIPTION = "FNV-1a over 64 KiB of fixed bytes, 32 passes"

        private const val FNV_OFFSET = -0x7ee3623b // 0x811C9DC5
        private const val FNV_PRIME = 0x01000193

        /** [Stability] from the medians taken at the start and at the end of a run. */
        fun stability(startNanos: Double, endNanos: Double) = Stability(DESCRIPTION, REPETITIONS, startNanos, endNanos)
    }
}
