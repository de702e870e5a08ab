package serialbench.results

import kotlinx.serialization.Serializable

/**
 * The timing of one operation of one codec at one size: a row of `benchmark-results.json`. Times are in
 * nanoseconds per operation (one operation = the whole list); see [Statistics] for how each is computed.
 * Fields added after the first release have defaults, so older results files still read.
 */
@Serializable
data class ResultRow(
    val codec: String,
    val codecName: String,
    val format: String = "",
    val operation: Operation,
    /** The data model measured (a shape id, or `file:<name>` for `bench.input`); `flat` in older files. */
    val shape: String = FLAT,
    val size: Int,
    val repetitions: Int,
    val meanNanos: Double,
    val medianNanos: Double,
    val minNanos: Long,
    val maxNanos: Long,
    val stdDevNanos: Double,
    val payloadBytes: Int,
    val gzipBytes: Int = 0,
    val varianceNanosSquared: Double = stdDevNanos * stdDevNanos,
    /** Half-width of the 99.9% confidence interval of the mean; `null` with a single repetition. */
    val errorNanos: Double? = null,
    val p90Nanos: Double? = null,
    val p99Nanos: Double? = null,
    val lowOutliers: Int = 0,
    val highOutliers: Int = 0,
    /** Median of the second half of the repetitions over the first half's, minus 1, in percent (see [Statistics]). */
    val driftPercent: Double? = null,
    /** Series discarded before this one because their drift showed the code still getting faster. */
    val repeatedSeries: Int = 0,
    /**
     * Series made before this one and dropped because the JIT compiled through their timed calls (the method's
     * `CompiledThrough`); 0 in files from before that rule.
     */
    val compilingRepeats: Int = 0,
    /** The codec the ratio is taken against; `null` when the run did not measure it at this size. */
    val baseline: String? = null,
    /** Mean of the per-repetition ratios to [baseline]'s time at the same size and operation. */
    val ratio: Double? = null,
    val ratioStdDev: Double? = null,
    /** Heap bytes allocated per operation by every thread; `null` where the JVM cannot count them. */
    val allocatedBytesPerOp: Long? = null,
    /** Collections during the timed repetitions, and their accumulated time. */
    val gcCount: Long = 0,
    val gcTimeMillis: Long = 0,
    /** JIT compilation during the timed repetitions; `null` where the JVM does not count it, and in older files. */
    val jitTimeMillis: Long? = null,
    /** [payloadBytes] over [gzipBytes]: how many times smaller gzip makes the payload. */
    val compressionRatio: Double = if (gzipBytes > 0) payloadBytes.toDouble() / gzipBytes else 0.0,
    /** JVMs whose repetitions are pooled in this row; 0 when measured in the benchmark's own JVM. */
    val forks: Int = 0,
    /** Each fork's mean, when [forks] > 1: the spread between JVMs that [errorNanos] then covers. */
    val forkMeansNanos: List<Double> = emptyList(),
    /**
     * Every timed repetition's duration in call order, one list per JVM that measured; empty in older files. Where a
     * repetition timed several calls ([callsPerRepetition]), its duration is their mean.
     */
    val durationsNanos: List<List<Long>> = emptyList(),
    /**
     * For `bench.input`: how this codec's tree of the file, encoded back, differs from the file (`null` when it
     * kept the data). Always `null` for generated shapes, whose round trip must be exact to be measured at all.
     */
    val dataChange: DataChange? = null,
    /** How the payload travelled; `null` in rows that do not say (the codec's own path: a string or bytes). */
    val io: IoPath? = null,
    /**
     * For a decode from a stream ([BenchmarkResults.streaming]), the decoder: `mapper` (the whole list first) or
     * a streaming one (`sequence`, `token-loop`, ...); `null` for the codec's list decode.
     */
    val decoder: String? = null,
    /**
     * For a streaming decode: mean time from the start of a decode to its first element, over the same
     * repetitions as [meanNanos] (the time to all elements); with its median and 99.9% error.
     */
    val firstElementNanos: Double? = null,
    val firstElementMedianNanos: Double? = null,
    val firstElementErrorNanos: Double? = null,
    /** The library has no API for this path, so the harness adapted it (for example, read the stream into bytes). */
    val adapted: Boolean = false,
    /**
     * For a codec that splits large lists and maps across threads, one count per fork: how many of those long enough
     * to split its timed calls split, and [listsWhole] how many they read or wrote whole by the codec's choice
     * (splitting predicted not to gain). Empty for other codecs and in older files.
     */
    val listsSplit: List<Long> = emptyList(),
    val listsWhole: List<Long> = emptyList(),
    /**
     * A row of the results' `ceiling`: 1 for its codec's calls alone, else the calls of the same work it made at once
     * in each timed round, one per thread (its times are then the rounds'); `null` in every other row.
     */
    val concurrentCalls: Int? = null,
    /**
     * The calls each timed repetition made, one count per JVM that measured, as [durationsNanos]: 1, or more for
     * calls shorter than `bench.minRepetitionMicros`, timed together. Empty in older files, where each was one call.
     */
    val callsPerRepetition: List<Int> = emptyList(),
) {
    /** The time of every timed call of the row: each repetition's duration times its calls, in every JVM. */
    val timedNanos: Long
        get() = durationsNanos.withIndex().sumOf { (jvm, durations) ->
            durations.sum() * (callsPerRepetition.getOrNull(jvm) ?: 1)
        }

    /** The bounds of the confidence interval of the mean, or the mean alone when there is no error. */
    val confidenceIntervalNanos: ClosedFloatingPointRange<Double>
        get() = (meanNanos - (errorNanos ?: 0.0))..(meanNanos + (errorNanos ?: 0.0))

    companion object {
        /** The shape of every row written before rows named one. */
        const val FLAT = "flat"

        /**
         * [gzipBytes] of a row from a codec's later fork, which leaves gzip (seconds at 100,000 objects) to the
         * codec's first fork: the same codec on the same data gives the same payload. Never in a pooled row.
         */
        const val GZIP_LEFT_TO_FIRST_FORK = -1
    }
}
