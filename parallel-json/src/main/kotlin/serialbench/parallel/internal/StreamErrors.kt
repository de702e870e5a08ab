package serialbench.parallel.internal

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.JsonDecodingException

/**
 * Failures of stream decoding as kotlinx reports them, with offsets counted in bytes of the whole stream
 * instead of characters of one buffer: the same exception classes, the message in kotlinx's own format.
 *
 * kotlinx 1.11 declares [JsonDecodingException]'s constructor `internal` (public in bytecode) and offers no
 * factory taking an offset, so it is called through reflection, looked up once. Should a later kotlinx lack
 * it, an element's failure is the engine's exception unchanged (offsets then count from the element's text)
 * and a broken outline a [kotlinx.serialization.SerializationException] with the same message.
 */
@OptIn(ExperimentalSerializationApi::class)
internal object StreamErrors {
    private val constructor = try {
        JsonDecodingException::class.java.getConstructor(
            String::class.java,
            String::class.java,
            Int::class.javaPrimitiveType,
            String::class.java,
            String::class.java,
            String::class.java,
        )
    } catch (e: NoSuchMethodException) {
        null
    }

    /**
     * [error] from decoding `text`, a JSON array holding element [index] of the stream alone, whose first byte
     * is at stream offset [textOffset]: a [JsonDecodingException] again, at its offset in the stream and with its
     * path counting elements of the whole stream; any other exception unchanged.
     */
    fun rebase(error: Throwable, text: String, textOffset: Long, index: Long): Throwable {
        if (error !is JsonDecodingException || constructor == null) return error
        val charOffset = if (error.offset in 0..text.length) error.offset else text.length
        val offset = textOffset + utf8Length(text, charOffset)
        val path = (error.path ?: "").replaceFirst(Regex("^\\$\\[0]"), "\\$[$index]")
        return decodingException(offset, error.shortMessage, path, error.input, error.hint).also { it.initCause(error) }
    }

    /** A broken outline found by the scanner at stream [offset]. */
    fun outline(offset: Long, message: String, around: String): SerializationException =
        decodingException(offset, message, "$", around, null)

    /**
     * kotlinx's message: `Unexpected JSON token at offset N: <what> at path: <path>`, the hint and the input
     * on lines of their own. [JsonDecodingException.offset] is an `Int`: beyond it, the message alone has it.
     */
    fun decodingException(
        offset: Long,
        what: String,
        path: String,
        input: String?,
        hint: String?,
    ): SerializationException {
        val message = buildString {
            append("Unexpected JSON token at offset ").append(offset).append(": ").append(what)
            if (path.isNotBlank()) append(" at path: ").append(path)
            if (!hint.isNullOrBlank()) append('\n').append(hint)
            if (input != null) append("\nJSON input: ").append(input)
        }
        val intOffset = if (offset <= Int.MAX_VALUE) offset.toInt() else -1
        return constructor?.newInstance(message, what, intOffset, path, input, hint) ?: SerializationException(message)
    }

    private fun utf8Length(text: String, chars: Int): Long {
        var bytes = 0L
        var i = 0
        while (i < chars) {
            val c = text[i]
            bytes += when {
                c.code < 0x80 -> 1

                c.code < 0x800 -> 2

                Character.isHighSurrogate(c) && i + 1 < text.length && Character.isLowSurrogate(text[i + 1]) -> {
                    i++
                    4
                }

                else -> 3
            }
            i++
        }
        return bytes
    }
}
