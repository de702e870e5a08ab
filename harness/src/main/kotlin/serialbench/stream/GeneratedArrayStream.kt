package serialbench.stream

import kotlinx.serialization.json.Json
import serialbench.data.Shape
import java.io.InputStream

/**
 * The compact JSON array of [size] elements of [shape], made on the fly one element at a time and never held
 * whole: element `i` is element `i % BLOCK` of the shape's data from [seed] (the first [BLOCK] elements, repeated),
 * written by kotlinx `Json` (which every JSON codec here reads). [elementAt] gives the element expected at an index.
 * Used by one thread.
 */
class GeneratedArrayStream<T : Any>(private val shape: Shape<T>, seed: Long, private val size: Int) : InputStream() {
    init {
        require(size >= 0) { "size < 0: $size" }
    }

    private val block: List<T> = shape.generate(seed, minOf(size, BLOCK))
    private val encodedBlock: List<ByteArray> = block.map {
        Json.encodeToString(shape.serializer, it).encodeToByteArray()
    }
    private var next = 0 // the next element to put in the buffer
    private var buffer: ByteArray = "[".encodeToByteArray()
    private var position = 0
    private var commaDone = false
    private var finished = false

    /** Bytes of the whole array, computed from the block without making it. */
    val lengthBytes: Long = run {
        val blockBytes = encodedBlock.sumOf { it.size.toLong() }
        val elementBytes = (size / BLOCK) * blockBytes + encodedBlock.take(size % BLOCK).sumOf { it.size.toLong() }
        val commas = if (size == 0) 0 else size - 1
        elementBytes + commas + 2
    }

    /** The element at [index] of the array. */
    fun elementAt(index: Int): T {
        require(index in 0 until size) { "index $index outside 0 until $size" }
        return block[index % BLOCK]
    }

    override fun read(): Int {
        if (!fill()) return -1
        return buffer[position++].toInt() and 0xff
    }

    override fun read(target: ByteArray, offset: Int, length: Int): Int {
        if (length == 0) return 0
        var copied = 0
        while (copied < length && fill()) {
            val count = minOf(length - copied, buffer.size - position)
            System.arraycopy(buffer, position, target, offset + copied, count)
            position += count
            copied += count
        }
        return if (copied == 0) -1 else copied
    }

    /** Makes sure the buffer holds unread bytes; `false` at the end of the array. */
    private fun fill(): Boolean {
        while (position == buffer.size) {
            if (finished) return false
            position = 0
            buffer = when {
                next < size && next > 0 && !commaDone -> COMMA.also { commaDone = true }
                next < size -> encodedBlock[next++ % BLOCK].also { commaDone = false }
                else -> CLOSE.also { finished = true }
            }
        }
        return true
    }

    companion object {
        /** Distinct elements, repeated to any size. */
        const val BLOCK = 1_000
        private val COMMA = ",".encodeToByteArray()
        private val CLOSE = "]".encodeToByteArray()
    }
}
