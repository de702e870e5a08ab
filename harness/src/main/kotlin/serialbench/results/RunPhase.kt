package serialbench.results

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * Where a run's wall time goes ([BenchmarkResults.phaseNanos]): every nanosecond of a run belongs to exactly one
 * phase, so the phases add up to the run. A fork's time is split by the fork itself; what the fork does not see
 * (its JVM starting, touching its heap, exiting) is [JVM_STARTS].
 */
@Serializable
enum class RunPhase(val displayName: String) {
    /** Forks' JVMs starting (heap reserved and touched), handing their results back and exiting; the flags' check. */
    @SerialName("jvmStarts")
    JVM_STARTS("JVM starts, heap and exits"),

    /** Each codec's first calls in a fresh JVM. */
    @SerialName("coldStarts")
    COLD_STARTS("cold starts"),

    /** Each codec's first warm-up on each shape, before any size is measured. */
    @SerialName("codecWarmUp")
    CODEC_WARM_UP("codec warm-up"),

    /**
     * The untimed calls before each series of timed calls until its warm-up would end (steady, or its time up); in
     * files from before the three phases after it were recorded, those too ([SERIES_WARM_UP_PARTS]).
     */
    @SerialName("seriesWarmUp")
    SERIES_WARM_UP("warm-up calls before each series"),

    /** A warm-up's calls after it would have ended, while the JIT compilers were still busy. */
    @SerialName("jitWait")
    JIT_WAIT("warm-up calls waiting for the JIT"),

    /** The full GC that ends each warm-up. */
    @SerialName("fullGcs")
    FULL_GCS("full GC after each warm-up"),

    /** In forks, the garbage that places each series' timed calls at a random place of the young generation's cycle. */
    @SerialName("youngCycleFills")
    YOUNG_CYCLE_FILLS("garbage placing each series in the young cycle"),

    /** The series of timed calls that were kept. */
    @SerialName("timedCalls")
    TIMED_CALLS("timed calls"),

    /**
     * Timed calls dropped because their series was still getting faster (the first half of such a series; in files
     * from before, whole series with their warm-up) or the JIT compiled through them (the whole series).
     */
    @SerialName("repeatedSeries")
    REPEATED_SERIES("timed calls dropped (drift, JIT)"),

    /** In the JVMs that measure: generating the data, creating the codecs, checking each codec's round trip. */
    @SerialName("setup")
    SETUP("data, codecs and checks"),

    /** In forks, the reference workload and the table walk timed before the first series, between sizes and after. */
    @SerialName("machineReadings")
    MACHINE_READINGS("each fork's reading of the machine"),

    /** Compressing each payload not seen before with gzip, for its size: in the first fork of a codec only. */
    @SerialName("gzipSizes")
    GZIP_SIZES("payloads' gzip sizes"),

    /** Decodes from a stream (`bench.streaming`), with their bounded-memory JVMs. */
    @SerialName("streaming")
    STREAMING("decodes from a stream"),

    /** The I/O paths of `bench.io`. */
    @SerialName("io")
    IO("I/O paths"),

    /** The engines of the parallel codecs on every thread at once (`bench.ceiling`). */
    @SerialName("ceiling")
    CEILING("engines on every thread at once"),

    /** The documents of the set through `Json` and ParallelJson (`bench.documentSet`). */
    @SerialName("documentSet")
    DOCUMENT_SET("the document set"),

    /** Damaged and foreign payloads. */
    @SerialName("robustness")
    ROBUSTNESS("robustness"),

    /** Writing the report, the results and the charts. */
    @SerialName("report")
    REPORT("report and results files"),

    /** The rest, in the JVM that runs the benchmark: checks before the run, the reference workload, pooling forks. */
    @SerialName("other")
    OTHER("checks before the run, reference workload, pooling"),
    ;

    companion object {
        /** What [SERIES_WARM_UP] held in files from before they were recorded apart. */
        val SERIES_WARM_UP_PARTS = listOf(JIT_WAIT, FULL_GCS, YOUNG_CYCLE_FILLS)
    }
}
