package serialbench.parallel.internal.stream

import java.io.ByteArrayInputStream
import java.io.IOException
import java.io.InputStream
import java.io.SequenceInputStream

/**
 * The bytes of [input] that a [StreamBatcher] has read and not yet handed on: `buf[0, filled)`, whose first byte
 * is at stream offset [offset]. Reads up to [READ_BYTES] at a time on request ([read]), never ahead of it.
 *
 * Contract: positions the batcher keeps are indices into [buf]; after [moveFrom] they count from the moved
 * bytes' new start. A handed-on buffer is not written again until it comes back through [recycle]. After a read
 * failure, every read returns it again without reading [input], and so does [rest]. Not thread safe.
 */
internal class StreamInput(private val input: InputStream, firstBatchBytes: Int, baseOffset: Long, batchBytes: Int) {
    var buf: ByteArray = ByteArray(firstBatchBytes + READ_BYTES)
        private set

    /** Stream offset of `buf[0]`. */
    var offset: Long = baseOffset
        private set
    var filled: Int = 0
        private set
    var eof: Boolean = false
        private set

    /** Whether the last read returned less than it could have: the stream may have nothing more for now. */
    var lastReadShort: Boolean = false
        private set
    private var failure: IOException? = null

    /** Buffers of batches decoded and taken, to read into again. */
    private val spare = ArrayDeque<ByteArray>()
    private val recycledBytes = batchBytes + READ_BYTES

    /**
     * Reads once into [buf] (grown when nearly full), at most [READ_BYTES] however much room a grown or recycled
     * buffer has: the look-ahead bound in `ParallelJson.decodeToSequence`'s KDoc counts one such read. Returns the
     * read's failure, or null.
     */
    fun read(): IOException? {
        failure?.let { return it }
        if (buf.size - filled < READ_BYTES / 4) buf = buf.copyOf(buf.size * 2)
        val wanted = minOf(buf.size - filled, READ_BYTES)
        val n = try {
            input.read(buf, filled, wanted)
        } catch (e: IOException) {
            failure = e
            return e
        }
        if (n < 0) eof = true else filled += n
        lastReadShort = n in 0 until wanted
        return null
    }

    /**
     * Moves the bytes from [from] on to another buffer (a spare one if it is long enough, else one of at least
     * [targetBytes] plus a read), which they start; returns the old buffer, now the batcher's to hand on.
     */
    fun moveFrom(from: Int, targetBytes: Int): ByteArray {
        val old = buf
        val size = maxOf(targetBytes, filled - from) + READ_BYTES
        buf = spare.removeLastOrNull()?.takeIf { it.size >= size } ?: ByteArray(size)
        old.copyInto(buf, 0, from, filled)
        offset += from
        filled -= from
        return old
    }

    /** Lets go of [buf], handed on whole as the last batch. */
    fun release() {
        buf = ByteArray(0)
        filled = 0
    }

    /**
     * Takes back the bytes of a batch handed on earlier, once nothing reads them any more (the batch was decoded
     * and taken), to read into again: a stream's decoding then allocates few buffers beyond its look-ahead.
     */
    fun recycle(bytes: ByteArray) {
        if (spare.size < MAX_SPARE_BUFFERS && bytes.size >= recycledBytes && bytes.size <= 2 * recycledBytes) {
            spare.addLast(bytes)
        }
    }

    /** `buf[from, filled)`, then the rest of [input], or its read failure again. */
    fun rest(from: Int): InputStream {
        val failure = failure
        val tail = if (failure == null) {
            input
        } else {
            object : InputStream() {
                override fun read(): Int = throw failure

                override fun read(b: ByteArray, off: Int, len: Int): Int = throw failure
            }
        }
        return SequenceInputStream(ByteArrayInputStream(buf, from, filled - from), tail)
    }

    private companion object {
        const val READ_BYTES = 64 * 1024
        const val MAX_SPARE_BUFFERS = 4
    }
}
