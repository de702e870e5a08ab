package serialbench.text

import java.nio.ByteBuffer
import java.nio.CharBuffer
import java.nio.charset.CodingErrorAction

/** Bytes that are not UTF-8: the [offset] of the first bad sequence in the bytes decoded, and its [badBytes]. */
class MalformedUtf8Exception(val offset: Int, val badBytes: ByteArray, val totalBytes: Int) :
    IllegalArgumentException(
        "Malformed UTF-8 at byte offset $offset of $totalBytes: " +
            "${badBytes.joinToString(" ") { "0x%02X".format(it) }} is not a valid UTF-8 sequence",
    )

/**
 * UTF-8 that refuses malformed input instead of reading it as U+FFFD, and says where it is: the one strict
 * decoder of the harness (results files, input files, protobuf strings, HTTP bodies).
 */
object StrictUtf8 {
    /** [bytes] as text; [MalformedUtf8Exception] at the first sequence that is not UTF-8. All-ASCII on a fast path. */
    fun decode(bytes: ByteArray): String {
        if (bytes.all { it >= 0 }) return String(bytes, Charsets.US_ASCII)
        val decoder = Charsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
        val input = ByteBuffer.wrap(bytes)
        val output = CharBuffer.allocate(bytes.size)
        var result = decoder.decode(input, output, true)
        if (!result.isError) result = decoder.flush(output)
        if (result.isError) {
            val offset = input.position()
            throw MalformedUtf8Exception(
                offset,
                bytes.copyOfRange(offset, minOf(offset + result.length(), bytes.size)),
                bytes.size,
            )
        }
        return output.flip().toString()
    }
}
