package serialbench.parallel.internal.stream

import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.pool.OrderedTasks
import serialbench.parallel.internal.pool.TaskRunner
import serialbench.parallel.internal.split.Fallback
import serialbench.parallel.internal.split.Fallbacks
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.io.InputStream
import java.io.SequenceInputStream
import java.util.Enumeration

/**
 * The elements of a JSON array read from a UTF-8 stream, in order, decoded in batches by [engine] on the
 * [runner]'s pool while the consuming thread reads on (see [ParallelJsonArrays] for the vocabulary).
 *
 * With [guessCuts], the [StreamBatcher] guesses where to cut instead of scanning every byte. The batches are
 * taken in order, so when a guessed batch is taken, every batch before it decoded: its first byte is known to
 * be at the top level, and its own decoding proves its closing cut right, since a cut inside a string or a
 * nested structure leaves an unfinished text that cannot decode. A guessed batch that does not decode (a wrong
 * guess, or broken input) is dropped with every batch after it, and an exact batcher starts again at its first
 * byte, over the dropped batches' own bytes and the rest of the stream: its first cut is exact, and so are the
 * results and failures; guessing starts again after that cut, up to [MAX_GUESS_RESTARTS] times.
 *
 * At most [maxBatchesAhead] batches are read ahead of the consumer: a slow consumer slows the reading. A batch
 * that fails to decode is decoded again element by element, so that the elements before the failing one are
 * yielded first and the failure is the engine's own for that element, at its offset in the stream
 * ([StreamErrors]). Malformed UTF-8 fails at its byte offset. Iterated by one thread; [close] drops the
 * batches not yet started.
 */
internal class StreamDecoder<T>(
    private val engine: ListEngine<T>,
    private val runner: TaskRunner,
    input: InputStream,
    private val batchBytes: Int,
    private val maxBatchesAhead: Int,
    private val fallbacks: Fallbacks,
    private val guessCuts: Boolean = true,
) : Iterator<T>,
    AutoCloseable {
    private var batcher = StreamBatcher(input, batchBytes, StreamErrors::outline, ::elementError, guess = guessCuts)
    private val tasks = OrderedTasks<Decoded<T>>(runner)

    /** The batches whose tasks are queued, in the same order (null for a failure). */
    private val queued = ArrayDeque<StreamPart.Batch?>()

    /** Elements in the batches taken before the current one. */
    private var elementsBefore = 0L
    private var readAll = false

    /** The batcher could not guess on: once the batches before are taken, an exact batcher goes on. */
    private var unguessable = false
    private var restarts = 0
    private var current: List<T> = emptyList()
    private var position = 0
    private var failure: Throwable? = null
    private var closed = false

    /**
     * A batch's elements, and the failure that follows them if the batch did not decode to its end; or, for a
     * guessed batch that did not decode, [guessRefuted].
     */
    private class Decoded<T>(val elements: List<T>, val failure: Throwable?, val guessRefuted: Boolean = false)

    override fun hasNext(): Boolean {
        while (position == current.size) {
            failure?.let { throw it }
            check(!closed) { "the stream's decoding was closed" }
            val decoded = nextBatch() ?: return false
            current = decoded.elements
            position = 0
            failure = decoded.failure
        }
        return true
    }

    override fun next(): T {
        if (!hasNext()) throw NoSuchElementException()
        return current[position++]
    }

    /** The elements of the next batch and what follows them, or null after the last; blocks while reading. */
    private fun nextBatch(): Decoded<T>? {
        while (true) {
            while (!readAll && tasks.size < maxBatchesAhead) readOne()
            val batch = queued.removeFirstOrNull()
            val decoded = tasks.takeHead { !readAll && tasks.size < maxBatchesAhead && readOne() }
            when {
                decoded == null -> if (unguessable) restartExact(null) else return null

                decoded.guessRefuted -> restartExact(batch!!)

                else -> {
                    elementsBefore += current.size
                    if (batch != null && decoded.failure == null) batcher.recycle(batch.bytes)
                    return decoded
                }
            }
        }
    }

    /**
     * Drops the batches queued and goes on with an exact batcher from the first byte of [from] (a guessed batch
     * that did not decode), or from where the batcher stopped guessing.
     */
    private fun restartExact(from: StreamPart.Batch?) {
        val parts = ArrayList<InputStream>()
        val offset: Long
        val atComma: Boolean
        if (from != null) {
            parts += from.original()
            queued.forEach { batch -> if (batch != null) parts += batch.original() }
            offset = from.streamOffset + from.textStart
            atComma = from.openedAtComma
        } else {
            offset = batcher.restOffset
            atComma = batcher.restAtComma
        }
        parts += batcher.rest()
        tasks.close()
        queued.clear()
        elementsBefore += current.size
        current = emptyList()
        position = 0
        // Each part is let go once read, so the dropped batches' bytes do not live as long as the stream.
        val unread = ArrayDeque(parts)
        val input = SequenceInputStream(object : Enumeration<InputStream> {
            override fun hasMoreElements() = unread.isNotEmpty()

            override fun nextElement() = unread.removeFirst()
        })
        restarts++
        batcher = StreamBatcher(
            input, batchBytes, StreamErrors::outline, ::elementError,
            start = if (atComma) StreamBatcher.Start.COMMA else StreamBatcher.Start.ARRAY,
            guess = guessCuts && restarts <= MAX_GUESS_RESTARTS, elementShape = batcher.elementShape,
            baseOffset = offset, firstIndex = elementsBefore,
        )
        readAll = false
        unguessable = false
    }

    /** The remaining elements of the current batch and the batches after it, as lists. */
    fun nextElements(): List<T>? {
        if (position < current.size) return current.subList(position, current.size).also { position = current.size }
        failure?.let { throw it }
        val decoded = nextBatch() ?: return null
        current = decoded.elements
        position = current.size
        failure = decoded.failure
        return decoded.elements
    }

    override fun close() {
        closed = true
        readAll = true
        tasks.close()
    }

    private fun readOne(): Boolean {
        when (val part = batcher.next()) {
            null -> {
                readAll = true
                return false
            }

            is StreamPart.Batch -> {
                queued += part
                tasks.submit { decode(part) }
            }

            is StreamPart.Failure -> {
                readAll = true
                queued += null
                tasks.submit { Decoded(emptyList(), part.error()) }
            }

            StreamPart.Unguessable -> {
                readAll = true
                unguessable = true
                return false
            }
        }
        return true
    }

    /**
     * The batch's elements. A guessed batch that does not decode refutes its guess (counted): the batches from it
     * on are cut exactly. An exact batch that does not decode to its elements is read element by element (counted),
     * to fail at the first broken element as the engine would; should every element decode alone where the batch
     * failed with a kotlinx engine ([ListEngine.readsSlicesAlike]), the batch's failure is a fault of this path,
     * not of the text, and is the one thrown after the elements before.
     */
    private fun decode(batch: StreamPart.Batch): Decoded<T> {
        var failure: Exception? = null
        val decoded = try {
            val length = batch.textEnd - batch.textStart
            val text = Utf8.decode(batch.bytes, batch.textStart, length, batch.streamOffset + batch.textStart)
            engine.decodeList(text)
        } catch (e: Exception) {
            failure = e
            null
        }
        if (batch.guessed) {
            if (decoded != null) return Decoded(decoded, null)
            fallbacks.add(Fallback.GUESSED_CUTS_MISSED)
            return Decoded(emptyList(), null, guessRefuted = true)
        }
        if (decoded != null && decoded.size == batch.elementStarts!!.size) return Decoded(decoded, null)
        fallbacks.add(Fallback.SLICES_FAILED)
        val elements = decodeElementByElement(batch)
        if (failure != null && elements.failure == null && engine.readsSlicesAlike) return Decoded(emptyList(), failure)
        return elements
    }

    private fun decodeElementByElement(batch: StreamPart.Batch): Decoded<T> {
        val starts = batch.elementStarts!!
        val ends = batch.elementEnds!!
        val elements = ArrayList<T>(starts.size)
        for (k in starts.indices) {
            val start = starts[k]
            val end = ends[k]
            val bytes = ByteArray(end - start + 2)
            bytes[0] = '['.code.toByte()
            batch.bytes.copyInto(bytes, 1, start, end)
            bytes[bytes.size - 1] = ']'.code.toByte()
            val textOffset = batch.streamOffset + start - 1
            val text = try {
                Utf8.decode(bytes, 0, bytes.size, textOffset)
            } catch (e: Exception) {
                return Decoded(elements, e)
            }
            try {
                elements += engine.decodeList(text).single()
            } catch (e: Exception) {
                return Decoded(elements, elementFailure(e, text, textOffset, batch.firstIndex + k, elements))
            }
        }
        return Decoded(elements, null)
    }

    /**
     * The failure for element [index], whose text (the element alone, as an array) failed to decode with [error].
     * Should the engine, reading the text as a stream does, take a value from the front of the element before it
     * fails (`true` from `truex`), that value goes to [elements] and the failure is the one that follows it, as
     * when the engine reads the whole stream.
     */
    private fun elementFailure(
        error: Exception,
        text: String,
        textOffset: Long,
        index: Long,
        elements: MutableList<T>,
    ): Throwable {
        val taken = ArrayList<T>(1)
        val streamFailure = try {
            engine.decodeElements(text) { taken += it }
            null
        } catch (e: Exception) {
            e
        }
        if (taken.isEmpty() || streamFailure == null) return StreamErrors.rebase(error, text, textOffset, index)
        elements += taken
        return StreamErrors.rebase(streamFailure, text, textOffset, index)
    }

    /** The engine's own failure for a broken element's text, or null should the engine accept it. */
    private fun elementError(bytes: ByteArray, textOffset: Long, index: Long): Throwable? {
        val text = try {
            Utf8.decode(bytes, 0, bytes.size, textOffset)
        } catch (e: Exception) {
            return e
        }
        return try {
            engine.decodeList(text)
            null
        } catch (e: Exception) {
            StreamErrors.rebase(e, text, textOffset, index)
        }
    }

    private companion object {
        /** Restarts after which cuts are no longer guessed: each costs a batch scanned exactly and an emptied queue. */
        const val MAX_GUESS_RESTARTS = 8
    }
}
