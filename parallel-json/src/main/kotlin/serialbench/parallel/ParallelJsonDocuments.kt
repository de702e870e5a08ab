package serialbench.parallel

import serialbench.parallel.internal.document.EngineDocuments

/**
 * The parallel layer of [ParallelJson] over any single-threaded JSON [engine] of whole documents, made by
 * [ParallelJsonBuilder.documents] (`ParallelJson.builder().parallelism(4).documents(engine)`): a document's large
 * arrays, at the top level or in members of objects at any depth, are decoded in slices and encoded in chunks on
 * [parallelism] threads (the caller and `parallelism - 1` pool threads); the rest of the document is the engine's.
 *
 * The guarantees are those of [ParallelJsonLists], relative to the engine: output byte-identical to
 * `engine.encodeDocument(value)`, decoding equal to `engine.decodeDocument(text)`, and where the engine fails on a
 * text, its own failure on the whole text. A document whose outline is not plain JSON on the way to its large arrays
 * (a repeated key, a key with an escape, a comment) goes to the engine whole. Threads, interrupts, re-entrant calls,
 * [close] and the decision to split (`minParallelChars`, `adaptiveSplit`) behave as in [ParallelJson].
 */
public class ParallelJsonDocuments<D> internal constructor(
    private val engine: JsonDocumentEngine<D>,
    settings: ParallelJsonBuilder,
) : AutoCloseable {
    /** The threads one call may use, the caller included. */
    public val parallelism: Int = settings.parallelism

    private val arrays = settings.arrays()
    private val documents = EngineDocuments(engine.internal(), arrays, settings.minParallelChars)

    /** [value] as the engine writes it, byte for byte, its large lists encoded on several threads. */
    public fun encodeToString(value: D): String = open().encode(value)

    /** The document in [string] as the engine decodes it, or the engine's own failure for the whole text. */
    public fun decodeFromString(string: String): D = open().decode(string)

    /**
     * How often this instance's calls fell back so far: guessed cuts missed, slices failed, the engine's whole reading
     * of an array a slice of which it refused, and documents the engine read whole after refusing a part of them.
     */
    public fun fallbacks(): ParallelJsonFallbacks = ParallelJsonFallbacks(arrays.fallbacks::count)

    /** What this instance did so far with its documents' large lists and maps ([ParallelJson.splits]). */
    public fun splits(): ParallelJsonSplits = ParallelJsonSplits(arrays.splits::count)

    /** Refuses every later call and waits for this instance's tasks already running, as [ParallelJson.close]. */
    override fun close(): Unit = arrays.close()

    /** The engine and parallelism, for logs. */
    override fun toString(): String = "ParallelJsonDocuments(${engine.name}, parallelism=$parallelism)"

    private fun open(): EngineDocuments<D> {
        arrays.checkOpen("ParallelJsonDocuments")
        return documents
    }
}
