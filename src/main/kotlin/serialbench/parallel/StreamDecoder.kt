package serialbench.parallel

import java.io.InputStream

/**
 * The elements of a JSON array read from a UTF-8 stream, in order, decoded in batches by [engine] on the
 * [runner]'s pool while the consuming thread reads on (see [ParallelJsonArrays] for the vocabulary).
 *
 * At most [maxBatchesAhead] batches are read ahead of the consumer: a slow consumer slows the reading. A batch
 * that fails to decode is decoded again element by element, so that the elements before the failing one are
 * yielded first and the failure is the engine's own for that element, at its offset in the stream
 * ([StreamErrors]). Malformed UTF-8 fails at its byte offset. Iterated by one thread; [close] drops the
 * batches not yet started.
 */
internal class StreamDecoder<T>(
    private val engine: JsonListEngine<T>,
    private val runner: TaskRunner,
    input: InputStream,
    batchBytes: Int,
    private val maxBatchesAhead: Int,
) : Iterator<T>, AutoCloseable {
    private val batcher = StreamBatcher(input, batchBytes, StreamErrors::outline, ::elementError)
    private val tasks = OrderedTasks<Decoded<T>>(runner)
    private var readAll = false
    private var current: List<T> = emptyList()
    private var position = 0
    private var failure: Throwable? = null
    private var closed = false

    /** A batch's elements, and the failure that follows them if the batch did not decode to its end. */
    private class Decoded<T>(val elements: List<T>, val failure: Throwable?)

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
        while (!readAll && tasks.size < maxBatchesAhead) readOne()
        return tasks.takeHead { !readAll && tasks.size < maxBatchesAhead && readOne() }
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
            is StreamPart.Batch -> tasks.submit { decode(part) }
            is StreamPart.Failure -> {
                readAll = true
                tasks.submit { Decoded(emptyList(), part.error()) }
            }
        }
        return true
    }

    private fun decode(batch: StreamPart.Batch): Decoded<T> {
        val decoded = try {
            val text = Utf8.decode(batch.bytes, batch.textStart, batch.textEnd - batch.textStart, batch.streamOffset + batch.textStart)
            engine.decodeList(text)
        } catch (e: Exception) {
            null
        }
        if (decoded != null && decoded.size == batch.count) return Decoded(decoded, null)
        return decodeElementByElement(batch)
    }

    private fun decodeElementByElement(batch: StreamPart.Batch): Decoded<T> {
        val elements = ArrayList<T>(batch.count)
        for (k in 0 until batch.count) {
            val start = batch.elementStarts[k]
            val end = batch.elementEnds[k]
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
                return Decoded(elements, StreamErrors.rebase(e, text, textOffset, batch.firstIndex + k))
            }
        }
        return Decoded(elements, null)
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
}
