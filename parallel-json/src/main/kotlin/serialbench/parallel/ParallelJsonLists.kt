package serialbench.parallel

import serialbench.parallel.internal.engine.ListEngine

/**
 * The parallel layer of [ParallelJson] over any single-threaded JSON [engine], made by
 * [ParallelJsonBuilder.lists] (`ParallelJson.builder().parallelism(4).lists(engine)`): lists are encoded in chunks
 * and array texts decoded in slices on [parallelism] threads (the caller and `parallelism - 1` pool threads).
 *
 * The guarantees are those of [ParallelJson], relative to the engine: output byte-identical to
 * `engine.encodeList(value)`, decoding equal to `engine.decodeList(text)`, and where the engine fails on
 * a text, the same failure, thrown by the engine itself on the whole text. A lenient engine (one that is not
 * [JsonListEngine.isStrict], such as fastjson2, which stops at `\u001a` and accepts a trailing comma) keeps
 * them too: each slice's outline is verified strictly and its element count compared with the engine's, unless the
 * engine reads slices strictly itself ([JsonListEngine.decodesSlicesStrictly]), and a text whose outline is not
 * plain JSON goes to the engine whole. Threads (the shared pool or the given
 * executor), interrupts, re-entrant calls and [close] behave as in [ParallelJson], and so does the decision to
 * split (`minParallelChars`, `adaptiveSplit`); a [parallelism] above [ParallelJson.MAX_PARALLELISM] is refused.
 */
public class ParallelJsonLists<T> internal constructor(
    private val engine: JsonListEngine<T>,
    settings: ParallelJsonBuilder,
) : AutoCloseable {
    /** The threads one call may use, the caller included. */
    public val parallelism: Int = settings.parallelism

    private val arrays = settings.arrays()

    /** [value] as the engine's JSON array, byte for byte, its elements encoded on several threads. */
    public fun encodeToString(value: List<T>): String = arrays.encode(open(), value, KEY)

    /** The list in the array [string] as the engine decodes it, or the engine's own failure for the whole text. */
    public fun decodeFromString(string: String): List<T> = arrays.decode(open(), string, KEY)

    /**
     * How often this instance's calls fell back so far: guessed cuts missed, slices failed, and the engine's whole
     * reading of a text a slice of which it refused; the other counts stay 0 here.
     */
    public fun fallbacks(): ParallelJsonFallbacks = ParallelJsonFallbacks(arrays.fallbacks::count)

    /** What this instance did so far with the lists long enough to split ([ParallelJson.splits]). */
    public fun splits(): ParallelJsonSplits = ParallelJsonSplits(arrays.splits::count)

    /** Refuses every later call and waits for this instance's tasks already running, as [ParallelJson.close]. */
    override fun close(): Unit = arrays.close()

    /** The engine and parallelism, for logs. */
    override fun toString(): String = "ParallelJsonLists(${engine.name}, parallelism=$parallelism)"

    private val internalEngine: ListEngine<T> = engine.internal()

    private fun open(): ListEngine<T> {
        arrays.checkOpen("ParallelJsonLists")
        return internalEngine
    }

    private companion object {
        /** One engine, one element type: one key for the size and boundary hints. */
        val KEY = Any()
    }
}
