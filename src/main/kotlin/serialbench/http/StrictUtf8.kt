package serialbench.http

import java.nio.ByteBuffer
import java.nio.CharBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction

/** UTF-8 that refuses malformed input instead of replacing it, and says where it is. */
internal object StrictUtf8 {
    /** [bytes] as text; null if they are not UTF-8. */
    fun decode(bytes: ByteArray): String? = try {
        Charsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(bytes))
            .toString()
    } catch (e: CharacterCodingException) {
        null
    }

    /** The offset of the first byte of [bytes] that is not UTF-8; `bytes.size` if there is none. */
    fun firstInvalidOffset(bytes: ByteArray): Int {
        val input = ByteBuffer.wrap(bytes)
        val result = Charsets.UTF_8.newDecoder().decode(input, CharBuffer.allocate(bytes.size + 1), true)
        return if (result.isError) input.position() else bytes.size
    }
}
