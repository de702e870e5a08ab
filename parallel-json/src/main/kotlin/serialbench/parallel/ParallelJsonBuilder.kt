package serialbench.parallel

import kotlinx.serialization.json.Json
import java.util.concurrent.Executor

/**
 * The settings of a [ParallelJson], all optional: set in the block of `ParallelJson(json) { ... }` from Kotlin,
 * or through the chained calls of `ParallelJson.builder(json)` from Java, then [build]. Each setting is checked by
 * [build], which fails with [IllegalArgumentException] naming it and its value. Not thread safe; a builder may
 * build several instances.
 */
public class ParallelJsonBuilder internal constructor(
    /** The `Json` whose results the instance gives (a lenient one is read strictly first, see [ParallelJson]). */
    public val json: Json,
) {
    /** The threads one call may use, the caller included (at most [ParallelJson.MAX_PARALLELISM]); the cores. */
    public var parallelism: Int = Runtime.getRuntime().availableProcessors()

    /** Inputs shorter than this, in characters, are never split; [ParallelJson.DEFAULT_MIN_PARALLEL_CHARS]. */
    public var minParallelChars: Int = ParallelJson.DEFAULT_MIN_PARALLEL_CHARS

    /** Chunks (encoding) or slices (decoding) per thread at least; [ParallelJson.DEFAULT_CHUNKS_PER_THREAD]. */
    public var chunksPerThread: Int = ParallelJson.DEFAULT_CHUNKS_PER_THREAD

    /** The longest batch read from, or chunk written to, a stream: [ParallelJson.DEFAULT_STREAM_BATCH_BYTES] bytes. */
    public var streamBatchBytes: Int = ParallelJson.DEFAULT_STREAM_BATCH_BYTES

    /** Split only where the measured costs predict a gain (true, the default), else from [minParallelChars] on. */
    public var adaptiveSplit: Boolean = true

    /** Where split tasks run: the service's own executor, or `null` (the default) for the shared pool. */
    public var executor: Executor? = null

    /** Sets [parallelism]. */
    public fun parallelism(threads: Int): ParallelJsonBuilder = apply { parallelism = threads }

    /** Sets [minParallelChars]. */
    public fun minParallelChars(chars: Int): ParallelJsonBuilder = apply { minParallelChars = chars }

    /** Sets [chunksPerThread]. */
    public fun chunksPerThread(chunks: Int): ParallelJsonBuilder = apply { chunksPerThread = chunks }

    /** Sets [streamBatchBytes]. */
    public fun streamBatchBytes(bytes: Int): ParallelJsonBuilder = apply { streamBatchBytes = bytes }

    /** Sets [adaptiveSplit]. */
    public fun adaptiveSplit(adaptive: Boolean): ParallelJsonBuilder = apply { adaptiveSplit = adaptive }

    /** Sets [executor]. */
    public fun executor(tasks: Executor?): ParallelJsonBuilder = apply { executor = tasks }

    /** A [ParallelJson] with these settings; [IllegalArgumentException] naming a setting out of its range. */
    public fun build(): ParallelJson = ParallelJson.of(this)
}
