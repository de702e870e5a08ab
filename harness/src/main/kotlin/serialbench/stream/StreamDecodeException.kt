package serialbench.stream

/**
 * A decode from a stream failed: [decoder] (`codec/id`) could not hand over element [elementIndex] (0-based; the
 * elements before it were handed over; a whole-document decoder fails at element 0, having handed over none).
 * [byteOffset] is the library's own position when it gives one; [bytesRead] is how much of the input the library had
 * read by then, so the fault lies before it. The library's exception is the [cause], its message quoted.
 */
class StreamDecodeException(
    val decoder: String,
    val elementIndex: Int,
    val byteOffset: Long?,
    val bytesRead: Long,
    cause: Throwable,
) : IllegalArgumentException(message(decoder, elementIndex, byteOffset, bytesRead, cause), cause) {
    private companion object {
        /** Some libraries quote the whole input in their message; the cause keeps it whole. */
        const val MESSAGE_CHARS = 500

        fun message(decoder: String, index: Int, byteOffset: Long?, bytesRead: Long, cause: Throwable): String {
            val where = byteOffset?.let { "at byte offset $it ($bytesRead bytes read from the input)" }
                ?: "after $bytesRead bytes read from the input (the library gives no byte offset)"
            val before = if (index == 0) "no element was handed over" else "elements 0..${index - 1} were handed over"
            val said = cause.message.orEmpty().let {
                if (it.length >
                    MESSAGE_CHARS
                ) {
                    it.take(MESSAGE_CHARS) + "... (cut)"
                } else {
                    it
                }
            }
            return "$decoder: failed at element $index $where; $before: ${cause.javaClass.simpleName}: $said"
        }
    }
}
