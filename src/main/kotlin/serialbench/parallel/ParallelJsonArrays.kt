package serialbench.parallel

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.CoroutineDispatcher
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
    private val dispatcher: CoroutineDispatcher?,
    private val minParallelChars: Int,
    private val chunksPerThread: Int,
) {
    /** Element types (by engine key) whose texts defeated the boundary guess: they go straight to the exact scan. */
    private val guessMisses = ConcurrentHashMap.newKeySet<Any>()

    fun <T> encode(engine: JsonListEngine<T>, value: List<T>): String {
        val plan = planEncode(engine, value) ?: return engine.encodeList(value)
        if (plan.chunkCount == 1) return plan.encodeSequentially()
        return joinArrays(runBlocking { mapChunks(plan.chunkCount, callerWorks = true, plan::encodeChunk) })
    }

    suspend fun <T> encodeSuspending(engine: JsonListEngine<T>, value: List<T>): String {
        val plan = planEncode(engine, value) ?: return engine.encodeList(value)
        if (plan.chunkCount == 1) return plan.encodeSequentially()
        return joinArrays(mapChunks(plan.chunkCount, callerWorks = false, plan::encodeChunk))
    }

    fun <T> decode(engine: JsonListEngine<T>, text: String, key: Any): List<T> {
        if (dispatcher == null || text.length < minParallelChars) return engine.decodeList(text)
        return decodeWith(engine, text, key) { count, task -> runBlocking { mapChunks(count, callerWorks = true, task) } }
    }

    suspend fun <T> decodeSuspending(engine: JsonListEngine<T>, text: String, key: Any): List<T> {
        if (dispatcher == null || text.length < minParallelChars) return engine.decodeList(text)
        return decodeWith(engine, text, key) { count, task -> mapChunks(count, callerWorks = false, task) }
    }

    private inline fun <T> decodeWith(
        engine: JsonListEngine<T>,
        text: String,
        key: Any,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> {
        val slices = slices(text, key, guess = key !in guessMisses) ?: return engine.decodeList(text)
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
            val exact = slices(text, key, guess = false)
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

    private fun slices(text: String, key: Any, guess: Boolean): Slices? {
        val content = JsonArrayText.content(text) ?: return null
        val pieces = parallelism * chunksPerThread
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

    private fun <T> planEncode(engine: JsonListEngine<T>, value: List<T>): EncodePlan<T>? {
        if (dispatcher == null || value.size < 2) return null
        // The first element, encoded alone, estimates the size of the whole; it is part of the output either way.
        val first = engine.encodeList(value.subList(0, 1))
        val estimatedChars = first.length.toLong() * value.size
        val chunkCount = if (estimatedChars < minParallelChars) 1 else (parallelism * chunksPerThread).coerceAtMost(value.size)
        return EncodePlan(engine, value, first, chunkCount)
    }

    /** Chunk 0 is the first element, already encoded; the other chunks split the rest evenly. */
    private class EncodePlan<T>(
        private val engine: JsonListEngine<T>,
        private val value: List<T>,
        private val first: String,
        val chunkCount: Int,
    ) {
        fun encodeSequentially(): String = joinArrays(listOf(first, engine.encodeList(value.subList(1, value.size))))

        fun encodeChunk(i: Int): String {
            if (i == 0) return first
            val rest = value.size - 1
            val from = 1 + rest * (i - 1) / (chunkCount - 1)
            val to = 1 + rest * i / (chunkCount - 1)
            return engine.encodeList(value.subList(from, to))
        }
    }

    /**
     * Runs [task] for indices `0 until count` on the pool (and on the calling thread when [callerWorks]),
     * returning results in index order. The first failure cancels the chunks not yet started and is rethrown.
     */
    private suspend fun <R> mapChunks(count: Int, callerWorks: Boolean, task: (Int) -> R): List<R> {
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
            val poolWorkers = minOf(parallelism, count) - if (callerWorks) 1 else 0
            repeat(poolWorkers) { launch(pool) { worker() } }
            if (callerWorks) worker()
        }
        return results.asList()
    }

    private companion object {
        /** Joins array texts into one array, keeping each part's layout: `[a,b]` + `[c]` gives `[a,b,c]`. */
        fun joinArrays(arrays: List<String>): String {
            var total = 2
            for (array in arrays) total += array.length
            val out = StringBuilder(total)
            out.append('[')
            for ((index, array) in arrays.withIndex()) {
                val open = array.indexOf('[')
                var end = array.lastIndexOf(']')
                // Whitespace before a part's `]` belongs before the final `]` only (pretty printing's newline).
                if (index < arrays.lastIndex) while (end > open + 1 && JsonArrayText.isWhitespace(array[end - 1])) end--
                if (index > 0) out.append(',')
                out.append(array, open + 1, end)
            }
            out.append(']')
            return out.toString()
        }
    }

    private object EmptySlice : RuntimeException("a slice between two commas holds no element") {
        private fun readResolve(): Any = EmptySlice
    }
}
