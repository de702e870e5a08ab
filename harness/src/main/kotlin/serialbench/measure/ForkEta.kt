package serialbench.measure

import serialbench.results.BenchmarkResults
import serialbench.statistics.Statistics
import java.util.Locale

/**
 * The time left in a run of [codecs], [forksPerCodec] forks each, in any order ([line]). A fork's one-off costs (its
 * cold start, the gzip of payloads no fork compressed before, the first heap touched in the run, [forkDone]) are set
 * aside: a later fork does not pay them. A fork left of a codec whose later forks (its second on) have run is expected
 * to take as long as the last of them; of a codec with only its first fork done, that fork's time, scaled as the later
 * forks of the other codecs were scaled against their first (the median ratio) once [MIN_SCALE_RATIOS] codecs have
 * later forks. Before any codec's second fork, each
 * codec weighs its time in an earlier run ([weightsOf]: its timed calls, and an equal share of everything else; without
 * one, the reference run shipped with the program, [referenceWeights]), the forks left weighed so and scaled by how
 * long the forks done took against their weight. Codecs the earlier run did not measure weigh the mean of those it did;
 * without any weights every codec weighs the same, and the estimate errs by how much the timed calls differ from codec
 * to codec (the first codec, `kotlinx-json`, has the most). The one-off costs of first forks still to come are not
 * foreseen: in a fresh directory about half a minute of a full default run, the gzip of the payloads only other codecs
 * write.
 */
class ForkEta(
    codecs: List<String>,
    private val forksPerCodec: Int,
    weights: Map<String, Double> = emptyMap(),
    private val clockNanos: () -> Long = System::nanoTime,
) {
    init {
        require(codecs.isNotEmpty()) { "no codecs" }
        require(forksPerCodec >= 1) { "forksPerCodec < 1: $forksPerCodec" }
        require(weights.values.all { it > 0 }) { "weights must be positive: $weights" }
    }

    private val codecWeights: Map<String, Double> = run {
        val known = codecs.mapNotNull { weights[it] }
        val mean = if (known.isEmpty()) 1.0 else known.average()
        codecs.associateWith { weights[it] ?: mean }
    }
    private val totalWeight = codecWeights.values.sum() * forksPerCodec
    private val startNanos = clockNanos()
    private var doneForks = 0
    private var doneWeight = 0.0
    private var lastDoneNanos = startNanos

    /** Each codec's forks done, by the time each took (from the end of the fork before it). */
    private val forkNanos = codecs.associateWith { ArrayList<Long>(forksPerCodec) }

    /** The one-off costs of the forks done ([forkDone]). */
    private var oneOffsNanos = 0L

    /**
     * One fork of [codec] is done, [oneOffNanos] of its time spent on what later forks do not pay again: its cold start
     * and the gzip of its payloads ([serialbench.results.RunPhase.COLD_STARTS], `GZIP_SIZES`); in the run's first
     * fork, its JVM start too (the first to touch its heap).
     */
    fun forkDone(codec: String, oneOffNanos: Long = 0) {
        check(doneForks < codecWeights.size * forksPerCodec) { "all ${codecWeights.size * forksPerCodec} forks done" }
        val forks = requireNotNull(forkNanos[codec]) { "not a codec of this run: $codec" }
        check(forks.size < forksPerCodec) { "all $forksPerCodec forks of $codec done" }
        require(oneOffNanos >= 0) { "oneOffNanos < 0: $oneOffNanos" }
        val now = clockNanos()
        val tookNanos = now - lastDoneNanos
        val oneOff = oneOffNanos.coerceAtMost(tookNanos - 1)
        forks += tookNanos - oneOff
        oneOffsNanos += oneOff
        lastDoneNanos = now
        doneWeight += codecWeights.getValue(codec)
        doneForks++
    }

    /** `elapsed m:ss | ETA m:ss`, the ETA `?` before the first fork is done. */
    fun line(): String {
        val elapsedNanos = clockNanos() - startNanos
        val eta = if (doneForks == 0) "?" else clock(leftNanos(elapsedNanos).toLong())
        return "elapsed ${clock(elapsedNanos)} | ETA $eta"
    }

    private fun leftNanos(elapsedNanos: Long): Double {
        val recurringNanos = (elapsedNanos - oneOffsNanos).coerceAtLeast(0)
        val laterOverFirst = forkNanos.values.filter { it.size >= 2 }.map { it.last().toDouble() / it.first() }
        if (laterOverFirst.isEmpty()) return recurringNanos * (totalWeight - doneWeight) / doneWeight
        val scale = if (laterOverFirst.size >= MIN_SCALE_RATIOS) Statistics.median(laterOverFirst) else 1.0
        val nanosPerWeight = recurringNanos / doneWeight
        return forkNanos.entries.sumOf { (codec, forks) ->
            val nanosPerFork = when {
                forks.size >= 2 -> forks.last().toDouble()
                forks.size == 1 -> forks.single() * scale
                else -> codecWeights.getValue(codec) * nanosPerWeight * scale
            }
            (forksPerCodec - forks.size) * nanosPerFork
        }
    }

    companion object {
        /**
         * First forks are scaled by the median of this many codecs' later-over-first ratios at least; before, by none:
         * one codec's second fork, slower than its first on a noisy day, put the ETA of a full run 22% too late.
         */
        const val MIN_SCALE_RATIOS = 3

        /** [nanos] as `m:ss`. */
        fun clock(nanos: Long): String {
            val seconds = nanos / 1_000_000_000
            return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60)
        }

        /**
         * Each codec's time in [earlier]: its timed calls (every fork's) and an equal share of the rest of that run's
         * wall time ([BenchmarkResults.phaseNanos]); none from a file that does not record its phases, nor from a run
         * of other shapes or sizes than [sizesByShape] (this run's): a run of documents says nothing of lists' times.
         */
        fun weightsOf(earlier: BenchmarkResults, sizesByShape: Map<String, List<Int>>): Map<String, Double> {
            if (sizesOf(earlier) != sizesByShape) return emptyMap()
            val timedNanos = earlier.results.groupBy { it.codec }
                .mapValues { (_, rows) -> rows.sumOf { it.timedNanos }.toDouble() }
            val wallNanos = earlier.phaseNanos.values.sum().toDouble()
            if (timedNanos.isEmpty() || wallNanos <= 0) return emptyMap()
            val shareNanos = (wallNanos - timedNanos.values.sum()).coerceAtLeast(0.0) / timedNanos.size
            return timedNanos.mapValues { (_, nanos) -> nanos + shareNanos }.filterValues { it > 0 }
        }

        /**
         * Each codec's time in the reference run shipped with the program ([EtaReferenceRun]), for a run of its shapes
         * and sizes ([sizesByShape], those of the default run); none for any other.
         */
        fun referenceWeights(sizesByShape: Map<String, List<Int>>): Map<String, Double> =
            if (sizesByShape == EtaReferenceRun.sizesByShape) EtaReferenceRun.secondsByCodec else emptyMap()

        /** The sizes of each generated or model shape [earlier] measured (a `bench.input` file's tree aside). */
        fun sizesOf(earlier: BenchmarkResults): Map<String, List<Int>>? =
            earlier.method?.shapes?.filter { it.file == null }?.associate { it.id to it.sizes }
    }
}
