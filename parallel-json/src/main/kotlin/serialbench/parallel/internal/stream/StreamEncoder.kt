package serialbench.parallel.internal.stream

import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.pool.OrderedTasks
import serialbench.parallel.internal.pool.TaskRunner
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.io.OutputStream

/**
 * Encodes elements pushed one by one ([add], then [finish]) to [output] as the JSON array [engine] writes for
 * the whole list, byte for byte: chunks of about [chunkBytes] bytes are encoded on the [runner]'s pool and by the
 * pushing thread, and written in order as they complete (see [ParallelJsonArrays] for the vocabulary). At most
 * [maxChunksAhead] chunks wait to be written. The first element is encoded alone; each chunk written tells how many
 * elements make [chunkBytes] now, and a chunk holds at most twice as many elements as the one before it: a first
 * element much shorter than the others (an empty object before large ones) cannot make a chunk of gigabytes.
 *
 * A failure is the engine's own for the first failing element in order; what came before it has been written.
 * Used by one thread; [close] drops the chunks not yet started.
 */
internal class StreamEncoder<T>(
    private val engine: ListEngine<T>,
    runner: TaskRunner,
    private val output: OutputStream,
    private val chunkBytes: Int,
    private val maxChunksAhead: Int,
) : AutoCloseable {
    private val tasks = OrderedTasks<ByteArray>(runner)
    private val writer = ChunkWriter(output)
    private var chunk = ArrayList<T>(1)
    private var elementsPerChunk = 1

    /** The elements of each chunk submitted and not yet written, in order. */
    private val inFlight = ArrayDeque<Int>()

    fun add(element: T) {
        chunk.add(element)
        if (chunk.size >= elementsPerChunk) submitChunk()
    }

    /** Writes what is left and the end of the array. */
    fun finish() {
        if (chunk.isNotEmpty()) submitChunk()
        while (tasks.size > 0) writeHead()
        if (writer.wroteAny) writer.finish() else output.write(engine.encodeList(emptyList()).encodeToByteArray())
    }

    override fun close() = tasks.close()

    private fun submitChunk() {
        val elements = chunk
        while (tasks.size >= maxChunksAhead) writeHead()
        tasks.submit { engine.encodeList(elements).encodeToByteArray() }
        inFlight.addLast(elements.size)
        // The first element alone: written at once, it sizes the next chunks.
        if (writer.wroteAny.not()) writeHead()
        chunk = ArrayList(elementsPerChunk)
    }

    /** Writes the oldest chunk, and sizes the next ones by its bytes per element. */
    private fun writeHead() {
        val bytes = checkNotNull(tasks.takeHead { false })
        writer.write(bytes)
        val elements = inFlight.removeFirst()
        val bytesPerElement = maxOf(1, (bytes.size - 2) / elements)
        elementsPerChunk = maxOf(1, minOf(chunkBytes / bytesPerElement, 2 * elementsPerChunk))
    }
}
