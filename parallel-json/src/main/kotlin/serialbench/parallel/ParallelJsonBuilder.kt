package serialbench.parallel

import kotlinx.serialization.json.Json
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.util.concurrent.Executor

/**
 * The settings of a [ParallelJson], all optional: set in the block of `ParallelJson(json) { ... }` from Kotlin,
 * or through the chained calls of `ParallelJson.builder(json)` from Java, then [build]. The same settings make the
 * splitting over another engine: [lists] ([ParallelJsonLists]) and [documents] ([ParallelJsonDocuments]), for which
 * [json] and [streamBatchBytes] do not apply (the engine reads and writes). Each setting is checked by [build],
 * [lists] and [documents], which fail with [IllegalArgumentException] naming it and its value. Not thread safe; a
 * builder may build several instances.
 */
public class ParallelJsonBuilder internal constructor(
    /** The `Json` whose results the instance gives (a lenient one is read strictly first, see [ParallelJson]). */
    public val json: Json,
) {
    /**
     * The threads one call may use, the caller included (at most [ParallelJson.MAX_PARALLELISM]); the cores, up to
     * that many.
     */
    public var parallelism: Int = minOf(Runtime.getRuntime().availableProcessors(), ParallelJsonArrays.MAX_PARALLELISM)

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

    /** [engine]'s lists split with these settings; [IllegalArgumentException] naming a setting out of its range. */
    public fun <T> lists(engine: JsonListEngine<T>): ParallelJsonLists<T> = ParallelJsonLists(engine, this)

    /** [engine]'s documents split with these settings; [IllegalArgumentException] naming a setting out of range. */
    public fun <D> documents(engine: JsonDocumentEngine<D>): ParallelJsonDocuments<D> =
        ParallelJsonDocuments(engine, this)

    /** The splitting of arrays these settings make, the one place where each of them is handed on. */
    internal fun arrays(): ParallelJsonArrays =
        ParallelJsonArrays(parallelism, minParallelChars, chunksPerThread, adaptiveSplit, executor)
}
