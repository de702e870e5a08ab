package serialbench.parallel

import java.util.StringJoiner
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.ExecutorCoroutineDispatcher
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking

/**
 * The engine-independent parallel layer: splits a list into chunks and encodes them concurrently, splits a
 * JSON array text into slices and decodes them concurrently, with any [JsonListEngine].
 *
 * Encoding joins the chunks' array texts, so the result is byte-identical to the engine's own output.
 * Decoding guesses slice boundaries cheaply; a slice that cannot be decoded sends it to an exact boundary
 * scan, and a failure there to the engine's own single-threaded decode of the whole text, which then
 * returns the right list or throws the engine's own error, with offsets in the whole input.
 */
internal class ParallelJsonArrays(
    private val parallelism: Int,
    private val minParallelChars: Int,
    private val chunksPerThread: Int,
    private val spinNanos: Long = WorkerPool.SPIN_NANOS,
) : AutoCloseable {
    init {
        require(parallelism >= 1) { "parallelism < 1: $parallelism" }
        require(minParallelChars >= 0) { "minParallelChars < 0: $minParallelChars" }
        require(chunksPerThread >= 1) { "chunksPerThread < 1: $chunksPerThread" }
    }

    private val dispatcher: ExecutorCoroutineDispatcher? = WorkerPool.dispatcher(parallelism)
    private val closed = AtomicBoolean()

    /** Shuts the pool down; chunks already running finish. Idempotent. */
    override fun close() {
        if (closed.compareAndSet(false, true)) dispatcher?.close()
    }

    /** Throws [IllegalStateException] naming [owner] once closed. */
    fun checkOpen(owner: String) = check(!closed.get()) { "$owner is closed" }

    /** Element types (by key) whose texts defeated the boundary guess: they go straight to the exact scan. */
    private val guessMisses = ConcurrentHashMap.newKeySet<Any>()

    /** Encoded characters per element seen last, by element type (key): decides whether to split at all. */
    private val charsPerElement = ConcurrentHashMap<Any, Int>()

    fun <T> encode(engine: JsonListEngine<T>, value: List<T>, key: Any): String {
        val plan = planEncode(engine, value, key) ?: return engine.encodeList(value).also { remember(key, it, value.size) }
        val text = if (plan.chunkCount == 1) plan.encodeSequentially() else joinInners(
            runBlocking { mapChunks(plan.chunkCount, plan::encodeChunk) },
        )
        return text.also { remember(key, it, value.size) }
    }

    suspend fun <T> encodeSuspending(engine: JsonListEngine<T>, value: List<T>, key: Any): String {
        val plan = planEncode(engine, value, key) ?: return engine.encodeList(value).also { remember(key, it, value.size) }
        val text = if (plan.chunkCount == 1) plan.encodeSequentially() else joinInners(
            mapChunks(plan.chunkCount, plan::encodeChunk),
        )
        return text.also { remember(key, it, value.size) }
    }

    fun <T> decode(engine: JsonListEngine<T>, text: String, key: Any): List<T> {
        if (dispatcher == null || text.length < minParallelChars) return engine.decodeList(text)
        return decodeWith(engine, text, key) { count, task -> runBlocking { mapChunks(count, task) } }
    }

    suspend fun <T> decodeSuspending(engine: JsonListEngine<T>, text: String, key: Any): List<T> {
        if (dispatcher == null || text.length < minParallelChars) return engine.decodeList(text)
        return decodeWith(engine, text, key) { count, task -> mapChunks(count, task) }
    }

    private inline fun <T> decodeWith(
        engine: JsonListEngine<T>,
        text: String,
        key: Any,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> {
        val slices = slices(text, guess = key !in guessMisses) ?: return engine.decodeList(text)
        return decodeSlices(engine, slices, map) ?: decodeAfterMiss(engine, text, key, slices, map)
    }

    /** After a slice failed: exact boundaries if the failed ones were guesses, else the engine's own answer. */
    private inline fun <T> decodeAfterMiss(
        engine: JsonListEngine<T>,
        text: String,
        key: Any,
        failed: Slices,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> {
        if (failed.guessed) {
            val exact = slices(text, guess = false)
            if (exact != null && !exact.commas.contentEquals(failed.commas)) {
                decodeSlices(engine, exact, map)?.let { decoded ->
                    guessMisses += key
                    return decoded
                }
            }
        }
        // The text is malformed (or a deserializer rejects a value): the engine's single-threaded decode of
        // the whole text gives exactly its own error, offsets counted in the whole input.
        return engine.decodeList(text)
    }

    private inline fun <T> decodeSlices(
        engine: JsonListEngine<T>,
        slices: Slices,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T>? {
        val parts = try {
            map(slices.count) { i -> engine.decodeList(slices.wrapped(i)).also { if (it.isEmpty()) throw EmptySlice } }
        } catch (e: CancellationException) {
            throw e
        } catch (e: Exception) {
            return null
        }
        val result = ArrayList<T>(parts.sumOf { it.size })
        for (part in parts) result.addAll(part)
        return result
    }

    private fun slices(text: String, guess: Boolean): Slices? {
        val content = JsonArrayText.content(text) ?: return null
        val pieces = pieces(content.last + 1L - content.first)
        val commas = if (guess) {
            JsonArrayText.guessCommas(text, content, pieces)
        } else {
            JsonArrayText.exactCommas(text, content, pieces) ?: return null
        }
        if (commas.isEmpty()) return null
        return Slices(text, content, commas, guessed = guess)
    }

    private class Slices(val text: String, val content: IntRange, val commas: IntArray, val guessed: Boolean) {
        val count: Int get() = commas.size + 1

        /** Slice [i] as a JSON array text of its own. */
        fun wrapped(i: Int): String {
            val start = if (i == 0) content.first else commas[i - 1] + 1
            val end = if (i == commas.size) content.last + 1 else commas[i]
            return buildString(end - start + 2) {
                append('[')
                append(text, start, end)
                append(']')
            }
        }
    }

    /**
     * Null when the list is best encoded by the engine alone. The size of the output is estimated from earlier
     * calls with the same element type or, on the first call, from the first element encoded alone.
     */
    private fun <T> planEncode(engine: JsonListEngine<T>, value: List<T>, key: Any): EncodePlan<T>? {
        if (dispatcher == null || value.size < 2) return null
        val charsPerElement = charsPerElement[key]
        if (charsPerElement != null) {
            val estimatedChars = charsPerElement.toLong() * value.size
            if (estimatedChars < minParallelChars) return null
            return EncodePlan(engine, value, null, pieces(estimatedChars).coerceAtMost(value.size))
        }
        val first = engine.encodeList(value.subList(0, 1))
        val estimatedChars = first.length.toLong() * value.size
        if (estimatedChars < minParallelChars) return EncodePlan(engine, value, first, 0)
        return EncodePlan(engine, value, first, pieces(estimatedChars).coerceAtMost(value.size - 1))
    }

    /**
     * How many chunks to cut [chars] of JSON into: at least [chunksPerThread] per thread, so that uneven chunks
     * even out, and more for big inputs, so that no chunk grows buffers of many megabytes.
     */
    private fun pieces(chars: Long): Int =
        maxOf(parallelism.toLong() * chunksPerThread, chars / TARGET_CHUNK_CHARS).coerceAtMost(MAX_PIECES.toLong()).toInt()

    private fun remember(key: Any, text: String, size: Int) {
        if (size > 0) charsPerElement[key] = text.length / size
    }

    /**
     * The chunks of one encoding: [pieces] chunks of about equal size, after a chunk 0 holding the [first]
     * element when it was encoded alone to estimate the size. With no pieces, the whole list is one chunk.
     */
    private class EncodePlan<T>(
        private val engine: JsonListEngine<T>,
        private val value: List<T>,
        private val first: String?,
        private val pieces: Int,
    ) {
        private val offset = if (first != null) 1 else 0
        val chunkCount: Int = if (pieces == 0) 1 else pieces + offset

        fun encodeSequentially(): String = if (first == null) {
            engine.encodeList(value)
        } else {
            joinInners(listOf(inner(first, last = false), inner(engine.encodeList(value.subList(1, value.size)), last = true)))
        }

        /** The elements of chunk [i], as they appear between the brackets of the whole array. */
        fun encodeChunk(i: Int): String {
            if (first != null && i == 0) return inner(first, last = value.size == 1)
            val piece = i - offset
            val rest = value.size - offset
            val from = offset + (rest.toLong() * piece / pieces).toInt()
            val to = offset + (rest.toLong() * (piece + 1) / pieces).toInt()
            return inner(engine.encodeList(value.subList(from, to)), last = i == chunkCount - 1)
        }
    }

    /**
     * Runs [task] for indices `0 until count` on the calling thread and up to `parallelism - 1` pool threads,
     * returning results in index order. The first failure cancels the chunks not yet started and is rethrown.
     */
    private suspend fun <R> mapChunks(count: Int, task: (Int) -> R): List<R> {
        val pool = checkNotNull(dispatcher)
        @Suppress("UNCHECKED_CAST")
        val results = arrayOfNulls<Any>(count) as Array<R>
        val next = AtomicInteger()
        coroutineScope {
            val worker: suspend () -> Unit = {
                while (true) {
                    coroutineContext.ensureActive()
                    val i = next.getAndIncrement()
                    if (i >= count) break
                    results[i] = task(i)
                }
            }
            val jobs = List(minOf(parallelism, count) - 1) { launch(pool) { worker() } }
            worker()
            // The workers are on their last chunks: spinning briefly spares this thread a park and a wake-up.
            val deadline = System.nanoTime() + spinNanos
            while (jobs.any { !it.isCompleted } && System.nanoTime() - deadline < 0) Thread.onSpinWait()
        }
        return results.asList()
    }

    companion object {
        private const val TARGET_CHUNK_CHARS = 256 * 1024
        private const val MAX_PIECES = 4096

        /**
         * The text of [array] between its brackets. Whitespace before `]` is kept only for the [last] chunk:
         * in a pretty-printed array it is the newline before the final `]`.
         */
        private fun inner(array: String, last: Boolean): String {
            val open = array.indexOf('[')
            var end = array.lastIndexOf(']')
            if (!last) while (end > open + 1 && JsonArrayText.isWhitespace(array[end - 1])) end--
            return array.substring(open + 1, end)
        }

        /** `[` + inners joined by `,` + `]`, copied once into the result. */
        private fun joinInners(inners: List<String>): String {
            val joiner = StringJoiner(",", "[", "]")
            for (inner in inners) joiner.add(inner)
            return joiner.toString()
        }
    }

    private object EmptySlice : RuntimeException("a slice between two commas holds no element") {
        private fun readResolve(): Any = EmptySlice
    }
}
