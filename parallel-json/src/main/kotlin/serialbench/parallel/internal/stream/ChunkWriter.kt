package serialbench.parallel.internal.stream

import serialbench.parallel.internal.scan.isWhitespace
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.io.OutputStream

/**
 * Writes the array texts of consecutive chunks (see [ParallelJsonArrays]) to [output] as the one array text the
 * engine writes for the whole list: the first chunk's `[`, the chunks' elements joined by `,`, and the last
 * chunk's closing whitespace and `]`. Not thread safe.
 */
internal class ChunkWriter(private val output: OutputStream) {
    private var tail: ByteArray? = null
    private var tailStart = 0

    /** Whether a chunk was written. */
    val wroteAny: Boolean get() = tail != null

    /** Writes the elements of [arrayText], a chunk's UTF-8 array text; its end waits for [finish] or the next chunk. */
    fun write(arrayText: ByteArray) {
        val open = arrayText.indexOf('['.code.toByte())
        var end = arrayText.lastIndexOf(']'.code.toByte())
        while (end > open + 1 && isWhitespace(arrayText[end - 1])) end--
        if (tail == null) {
            output.write(arrayText, 0, end)
        } else {
            output.write(','.code)
            output.write(arrayText, open + 1, end - open - 1)
        }
        tail = arrayText
        tailStart = end
    }

    /** Writes the end of the last chunk: in a pretty-printed array the newline before `]`, then `]`. */
    fun finish() {
        val last = checkNotNull(tail) { "no chunk written" }
        output.write(last, tailStart, last.size - tailStart)
    }
}
