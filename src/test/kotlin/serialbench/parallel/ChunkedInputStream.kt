package serialbench.parallel

import java.io.InputStream

/**
 * Delivers [bytes] at most [readBytes] at a time (and at least one), as a socket or a slow disk may, and counts
 * what was read: the reads split multi-byte characters, strings and numbers anywhere.
 */
class ChunkedInputStream(private val bytes: ByteArray, private val readBytes: (call: Int) -> Int) : InputStream() {
    private var position = 0
    private var calls = 0

    /** Bytes delivered so far. */
    val bytesRead: Int get() = position

    override fun read(): Int = if (position < bytes.size) bytes[position++].toInt() and 0xFF else -1

    override fun read(b: ByteArray, off: Int, len: Int): Int {
        if (len == 0) return 0
        if (position == bytes.size) return -1
        val n = minOf(len, bytes.size - position, maxOf(1, readBytes(calls++)))
        bytes.copyInto(b, off, position, position + n)
        position += n
        return n
    }

    /** How a stream delivers its bytes, by name for test reports. */
    enum class Reads(val readBytes: (Int) -> Int) {
        ONE_BYTE({ 1 }),
        A_FEW_BYTES({ call -> 1 + call % 7 }),
        LARGE_BLOCKS({ 1 shl 20 }),
    }
}
