package serialbench.parallel.internal.stream

/**
 * The failure a [StreamBatcher] hands on where the exact scan finds the outline broken, at its stream offset.
 *
 * [outlineError] turns a broken outline (stream offset, what is wrong, the text around it) into the exception
 * to throw; [elementError] decodes a broken element's text (the element alone, as an array) to get the
 * engine's own exception for it, given the stream offset of that text and the element's index.
 *
 * Contract: [failure] copies what it needs from the buffer it is given (which the batcher may then reuse), and
 * the exception is made only when the decoder comes to throw it.
 */
internal class OutlineFailures(
    private val outlineError: (offset: Long, message: String, around: String) -> Throwable,
    private val elementError: (text: ByteArray, streamOffset: Long, index: Long) -> Throwable?,
) {
    /**
     * The failure for an outline broken at `buf[pos]` (`buf[0]` at stream offset [bufOffset], `buf[0, filled)`
     * read) with [message]: when the break is inside the element starting at [element] (else -1), element
     * [index], the engine's own failure for that element's text up to the break, if it has one.
     */
    fun failure(
        buf: ByteArray,
        filled: Int,
        bufOffset: Long,
        pos: Int,
        message: String,
        element: Int,
        index: Long,
    ): StreamPart.Failure {
        val offset = bufOffset + pos
        val around = around(buf, filled, pos)
        val text = if (element >= 0) {
            // The element alone, up to the failure and one byte past it, as an array: the engine says what is wrong.
            val end = if (pos >= filled) {
                element + Utf8.withoutCutTail(buf.copyOfRange(element, filled), filled - element)
            } else {
                pos + 1
            }
            ByteArray(end - element + 1).also {
                it[0] = '['.code.toByte()
                buf.copyInto(it, 1, element, end)
            }
        } else {
            null
        }
        val textOffset = bufOffset + element - 1
        return StreamPart.Failure {
            text?.let { elementError(it, textOffset, index) } ?: outlineError(offset, message, around)
        }
    }

    private fun around(buf: ByteArray, filled: Int, pos: Int): String {
        val from = maxOf(0, pos - AROUND_BYTES)
        val to = minOf(filled, pos + AROUND_BYTES)
        val text = String(buf, from, to - from, Charsets.UTF_8)
        return (if (from > 0) "....." else "") + text + (if (to < filled) "....." else "")
    }

    private companion object {
        const val AROUND_BYTES = 32
    }
}
