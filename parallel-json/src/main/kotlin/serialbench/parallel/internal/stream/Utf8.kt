package serialbench.parallel.internal.stream

import kotlinx.serialization.SerializationException
import java.nio.ByteBuffer
import java.nio.CharBuffer
import java.nio.charset.CodingErrorAction

/** UTF-8 decoding that refuses malformed input, naming its byte offset, and allocates only the string. */
internal object Utf8 {
    private const val CHECK_BUFFER_CHARS = 8192

    /**
     * The text of `bytes[offset, offset + length)`. The JDK's decoder makes the string in one pass; only when
     * that string holds U+FFFD (a replaced malformed sequence, or a real U+FFFD) are the bytes decoded again,
     * strictly, through a small buffer, to find the malformed sequence. The message counts offsets from
     * [baseOffset] at `bytes[offset]`, and names [totalBytes] when it is known (not negative).
     */
    fun decode(bytes: ByteArray, offset: Int, length: Int, baseOffset: Long = 0, totalBytes: Long = -1): String {
        val text = String(bytes, offset, length, Charsets.UTF_8)
        if (text.indexOf('\uFFFD') >= 0) requireWellFormed(bytes, offset, length, baseOffset, totalBytes)
        return text
    }

    /**
     * The length of `bytes[0, length)` without a multi-byte sequence cut short at its end (a stream that ends
     * inside a character): what is left is whole characters, or malformed bytes the decoder still reports.
     */
    fun withoutCutTail(bytes: ByteArray, length: Int): Int {
        var lead = length - 1
        while (lead >= 0 && lead > length - 4 && bytes[lead].toInt() and 0xC0 == 0x80) lead--
        if (lead < 0) return length
        val b = bytes[lead].toInt() and 0xFF
        val needed = when {
            b >= 0xF0 -> 4
            b >= 0xE0 -> 3
            b >= 0xC0 -> 2
            else -> 1
        }
        return if (length - lead < needed) lead else length
    }

    /** Throws [SerializationException] at the first malformed sequence of `bytes[offset, offset + length)`. */
    fun requireWellFormed(bytes: ByteArray, offset: Int, length: Int, baseOffset: Long, totalBytes: Long) {
        val decoder = Charsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
        val input = ByteBuffer.wrap(bytes, offset, length)
        val output = CharBuffer.allocate(CHECK_BUFFER_CHARS)
        while (true) {
            val result = decoder.decode(input, output, true)
            if (result.isError) {
                throw SerializationException(
                    "Malformed UTF-8 at byte offset ${baseOffset + input.position() - offset}" +
                        (if (totalBytes >= 0) " of $totalBytes: " else ": ") +
                        "${result.length()} byte(s) that are not valid UTF-8",
                )
            }
            if (result.isUnderflow) return
            output.clear()
        }
    }
}
