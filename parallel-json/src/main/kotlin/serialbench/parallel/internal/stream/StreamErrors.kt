package serialbench.parallel.internal.stream

import kotlinx.serialization.SerializationException
import java.lang.reflect.Constructor
import java.lang.reflect.Method

/**
 * Failures of stream decoding as kotlinx reports them, with offsets counted in bytes of the whole stream
 * instead of characters of one buffer: the same exception classes, the message in kotlinx's own format.
 *
 * The exception class differs between the kotlinx versions this library supports, so it is reached by reflection
 * only, looked up once (a compiled reference to a class one version lacks would fail every stream call there):
 * - 1.11 on: `kotlinx.serialization.json.JsonDecodingException`, whose fields (offset, path, input, hint) are read
 *   and whose constructor (`internal` in Kotlin, public in bytecode) makes the rebased exception;
 * - 1.9 and 1.10: `kotlinx.serialization.json.internal.JsonDecodingException`, made from its message alone: the
 *   offset and the path are rewritten in the message's own text.
 * Should a kotlinx have neither, an element's failure is the engine's exception unchanged (offsets then count from
 * the element's text) and a broken outline a [SerializationException] with the same message.
 */
internal object StreamErrors {
    private val kotlinxException: KotlinxException? = Fields.find() ?: MessageOnly.find()

    /**
     * [error] from decoding `text`, a JSON array holding element [index] of the stream alone, whose first byte
     * is at stream offset [textOffset]: kotlinx's decoding exception again, at its offset in the stream and with its
     * path counting elements of the whole stream; any other exception unchanged.
     */
    fun rebase(error: Throwable, text: String, textOffset: Long, index: Long): Throwable {
        val exception = kotlinxException ?: return error
        if (!exception.type.isInstance(error)) return error
        val rebased = exception.rebase(error as SerializationException, text, textOffset, index)
        // kotlinx 1.9 and 1.10: a message with nothing to rebase (no offset, no path) is the exception itself.
        if (rebased !== error) rebased.initCause(error)
        return rebased
    }

    /** A broken outline found by the scanner at stream [offset]. */
    fun outline(offset: Long, message: String, around: String): SerializationException =
        decodingException(offset, message, "$", around, null)

    /**
     * kotlinx's message: `Unexpected JSON token at offset N: <what> at path: <path>`, the hint and the input
     * on lines of their own. kotlinx's offset field is an `Int`: beyond it, the message alone has it.
     */
    fun decodingException(
        offset: Long,
        what: String,
        path: String,
        input: String?,
        hint: String?,
    ): SerializationException {
        val message = buildString {
            append(PREFIX).append(offset).append(": ").append(what)
            if (path.isNotBlank()) append(PATH).append(path)
            if (!hint.isNullOrBlank()) append('\n').append(hint)
            if (input != null) append("\nJSON input: ").append(input)
        }
        return kotlinxException?.make(message, what, offset, path, input, hint) ?: SerializationException(message)
    }

    /** The stream offset of character [charOffset] of [text], which starts at stream offset [textOffset]. */
    private fun streamOffset(text: String, charOffset: Int, textOffset: Long): Long {
        val chars = if (charOffset in 0..text.length) charOffset else text.length
        return textOffset + utf8Length(text, chars)
    }

    /** [path] of element 0 of a one-element text as the path of element [index] of the whole stream. */
    private fun streamPath(path: String, index: Long): String = path.replaceFirst(Regex("^\\$\\[0]"), "\\$[$index]")

    /** One version's decoding exception class: how to tell it, rebase it and make one. */
    private abstract class KotlinxException(val type: Class<*>) {
        abstract fun rebase(error: SerializationException, text: String, textOffset: Long, index: Long): Throwable

        abstract fun make(
            message: String,
            what: String,
            offset: Long,
            path: String,
            input: String?,
            hint: String?,
        ): SerializationException
    }

    /** kotlinx 1.11 on: the exception carries its offset, short message, path, input and hint. */
    private class Fields(
        type: Class<*>,
        private val constructor: Constructor<*>,
        private val offset: Method,
        private val shortMessage: Method,
        private val path: Method,
        private val input: Method,
        private val hint: Method,
    ) : KotlinxException(type) {
        override fun rebase(error: SerializationException, text: String, textOffset: Long, index: Long): Throwable =
            decodingException(
                streamOffset(text, offset.invoke(error) as Int, textOffset),
                shortMessage.invoke(error) as String,
                streamPath((path.invoke(error) as String?).orEmpty(), index),
                input.invoke(error) as String?,
                hint.invoke(error) as String?,
            )

        override fun make(
            message: String,
            what: String,
            offset: Long,
            path: String,
            input: String?,
            hint: String?,
        ): SerializationException {
            val intOffset = if (offset <= Int.MAX_VALUE) offset.toInt() else -1
            return constructor.newInstance(message, what, intOffset, path, input, hint) as SerializationException
        }

        companion object {
            fun find(): Fields? = try {
                val type = Class.forName("kotlinx.serialization.json.JsonDecodingException")
                val string = String::class.java
                Fields(
                    type,
                    type.getConstructor(string, string, Int::class.javaPrimitiveType, string, string, string),
                    type.getMethod("getOffset"),
                    type.getMethod("getShortMessage"),
                    type.getMethod("getPath"),
                    type.getMethod("getInput"),
                    type.getMethod("getHint"),
                )
            } catch (e: ReflectiveOperationException) {
                null
            }
        }
    }

    /** kotlinx 1.9 and 1.10: the exception is its message, whose offset and path are rewritten. */
    private class MessageOnly(type: Class<*>, private val constructor: Constructor<*>) : KotlinxException(type) {
        override fun rebase(error: SerializationException, text: String, textOffset: Long, index: Long): Throwable {
            val message = error.message.orEmpty()
            val firstLine = message.substringBefore('\n')
            val rest = message.substring(firstLine.length)
            val pathAt = firstLine.lastIndexOf(PATH)
            val rebasedLine = if (pathAt < 0) {
                firstLine
            } else {
                firstLine.substring(0, pathAt + PATH.length) +
                    streamPath(firstLine.substring(pathAt + PATH.length), index)
            }
            // An error at the end of the input (`but had 'EOF' instead`) names no offset: only its path is rebased.
            val head = HEAD.find(rebasedLine)
            val rebased = if (head == null) {
                rebasedLine + rest
            } else {
                val offset = streamOffset(text, head.groupValues[1].toIntOrNull() ?: text.length, textOffset)
                PREFIX + offset + rebasedLine.substring(head.value.length - 2) + rest
            }
            if (rebased == message) return error
            return constructor.newInstance(rebased) as SerializationException
        }

        override fun make(
            message: String,
            what: String,
            offset: Long,
            path: String,
            input: String?,
            hint: String?,
        ): SerializationException = constructor.newInstance(message) as SerializationException

        companion object {
            /** `Unexpected JSON token at offset N: `, N in group 1. */
            private val HEAD = Regex("^${Regex.escape(PREFIX)}(-?\\d+): ")

            fun find(): MessageOnly? = try {
                val type = Class.forName("kotlinx.serialization.json.internal.JsonDecodingException")
                MessageOnly(type, type.getConstructor(String::class.java))
            } catch (e: ReflectiveOperationException) {
                null
            }
        }
    }

    private const val PREFIX = "Unexpected JSON token at offset "
    private const val PATH = " at path: "

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
