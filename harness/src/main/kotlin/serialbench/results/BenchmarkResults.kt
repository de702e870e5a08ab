package serialbench.results

import kotlinx.serialization.Serializable

/**
 * A whole run: the contents of `target/benchmark-results.json`. Fields added after the first release have
 * defaults, so older files still read; [method] is `null` in files written before runs recorded it.
 */
@Serializable
data class BenchmarkResults(
    val environment: Environment,
    val results: List<ResultRow>,
    val coldStart: List<ColdStartRow> = emptyList(),
    val method: RunMethod? = null,
    val unsupported: List<UnsupportedCell> = emptyList(),
    /**
     * Decodes from a stream (`bench.streaming`): each codec's mapper and its streaming decoders, time to the first
     * element.
     */
    val streaming: List<ResultRow> = emptyList(),
    /** Streaming decodes of an input larger than the heap they ran in, and their peak heap. */
    val streamingMemory: List<StreamingMemoryRow> = emptyList(),
    /** The I/O paths of `bench.io`: each codec serializing and deserializing over each path, rows with their `io`. */
    val ioPaths: List<ResultRow> = emptyList(),
    /**
     * The engines of the parallel codecs on every thread at once (`bench.ceiling`): each cell's series of one call
     * alone (`concurrentCalls` 1) and of rounds of `concurrentCalls` calls, whose times give how much more of the work
     * the machine does on those threads than on one; empty when not measured and in older files.
     */
    val ceiling: List<ResultRow> = emptyList(),
    /**
     * The document set (`bench.documentSet`): `kotlinx-json` and `kotlinx-json-parallel` on each generated document,
     * rows whose shape is the document's id and its mode (`timeline-40kb/class`, `.../tree`) and whose size is 1;
     * empty when not measured and in older files.
     */
    val documentSet: List<ResultRow> = emptyList(),
    /** What each codec did with damaged and foreign payloads; `null` when not run (`bench.robustness.cases=0`). */
    val robustness: RobustnessResults? = null,
    /** The reference workload timed at the start and the end of the run; `null` in older files. */
    val stability: Stability? = null,
    /**
     * The same for a walk of data-dependent loads and branches (`ReferenceWorkload.Kernel.TABLE_WALK`), which a busy
     * neighbour on the same core slows where it leaves [stability]'s hash alone; `null` in older files.
     */
    val walkStability: Stability? = null,
    /** The run's wall time by phase ([RunPhase]), which add up to the run; empty in older files. */
    val phaseNanos: Map<RunPhase, Long> = emptyMap(),
    /** Each fork's record of the machine (reference workload, JIT and GC in its timed calls); empty in older files. */
    val forkMachines: List<ForkMachine> = emptyList(),
    /**
     * The gzip size of each distinct payload of the run, by its length and SHA-256 (`GzipSizes.key`): a later run of
     * the same JVM installation takes those it needs instead of compressing again; empty in older files.
     */
    val gzipSizes: Map<String, Int> = emptyMap(),
) {
    /** Shape ids in the order the run measured them (`flat` for files from before shapes). */
    val shapes: List<String>
        get() = method?.shapes?.map { it.id } ?: results.map { it.shape }.distinct()
}
