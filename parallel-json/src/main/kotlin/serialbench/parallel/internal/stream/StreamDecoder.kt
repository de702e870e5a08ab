package serialbench.parallel.internal.stream

import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.pool.OrderedTasks
import serialbench.parallel.internal.pool.TaskRunner
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
 * batches not yet started. A decoder its consumer lets go of unclosed (a sequence abandoned before its end) is
 * garbage at once: the pool's tasks hold only their batch and a [BatchDecoding], and are skipped once the decoder
 * is collected ([OrderedTasks]).
 */
internal class StreamDecoder<T>(
    engine: ListEngine<T>,
    private val runner: TaskRunner,
    input: InputStream,
    private val batchBytes: Int,
    private val maxBatchesAhead: Int,
    fallbacks: Fallbacks,
    private val guessCuts: Boolean = true,
) : Iterator<T>,
    AutoCloseable {
    /** What the pool runs: it holds nothing of this decoder, which an abandoned sequence leaves garbage. */
    private val batches = BatchDecoding(engine, fallbacks)
    private var batcher =
        StreamBatcher(input, batchBytes, StreamErrors::outline, batches::elementError, guess = guessCuts)
    private val tasks = OrderedTasks<DecodedBatch<T>>(runner)

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
    private fun nextBatch(): DecodedBatch<T>? {
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
            input, batchBytes, StreamErrors::outline, batches::elementError,
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
                // A local: through the property, the task would hold this decoder.
                val decoding = batches
                tasks.submit { decoding.decode(part) }
            }

            is StreamPart.Failure -> {
                readAll = true
                queued += null
                tasks.submit { DecodedBatch(emptyList(), part.error()) }
            }

            StreamPart.Unguessable -> {
                readAll = true
                unguessable = true
                return false
            }
        }
        return true
    }

    private companion object {
        /** Restarts after which cuts are no longer guessed: each costs a batch scanned exactly and an emptied queue. */
        const val MAX_GUESS_RESTARTS = 8
    }
}
