package serialbench.parallel

import java.io.IOException
import java.io.InputStream

/**
 * Reads a JSON array from UTF-8 [input] and cuts it into batches of whole elements of about [batchBytes] bytes
 * each, at top-level commas found by a [ByteOutlineScanner] (see [ParallelJsonArrays] for the vocabulary). A
 * leading UTF-8 byte order mark is skipped. Reads only as far as the caller asks for batches: memory is one
 * batch being filled plus the longest element. Not thread safe; a handed-on batch's bytes are not touched again.
 *
 * [outlineError] turns a broken outline (stream offset, what is wrong, the text around it) into the exception
 * to throw; [elementError] decodes a broken element's text (the element alone, as an array) to get the
 * engine's own exception for it, given the stream offset of that text and the element's index.
 */
internal class StreamBatcher(
    private val input: InputStream,
    private val batchBytes: Int,
    private val outlineError: (offset: Long, message: String, around: String) -> Throwable,
    private val elementError: (text: ByteArray, streamOffset: Long, index: Long) -> Throwable?,
) : ByteOutlineScanner.Listener {
    private val scanner = ByteOutlineScanner(this)
    private var buf = ByteArray(batchBytes + READ_BYTES)
    /** Stream offset of `buf[0]`. */
    private var bufOffset = 0L
    private var filled = 0
    private var scanned = 0
    private var eof = false
    private var started = false
    private var finished = false

    /** The byte before the batch's first element: the array's `[` or the comma before. */
    private var batchOpen = -1
    private var firstIndex = 0L
    private var starts = IntArray(64)
    private var ends = IntArray(64)
    private var elements = 0
    private var openElement = -1
    private var cutAt = -1
    private var closeAt = -1
    private val ready = ArrayDeque<StreamPart>()

    /** The next part of the stream, or null after the last. */
    fun next(): StreamPart? {
        while (ready.isEmpty() && !finished) advance()
        return ready.removeFirstOrNull()
    }

    private fun advance() {
        if (started && scanned < filled) {
            scanned = scanner.scan(buf, scanned, filled)
            when {
                scanner.failure != null -> broken()
                cutAt >= 0 -> cut()
                closeAt >= 0 -> closeBatch()
            }
            return
        }
        if (eof) {
            scanner.finish(filled)
            if (scanner.failure != null) broken() else finished = true
            return
        }
        read()
    }

    private fun read() {
        if (buf.size - filled < READ_BYTES / 4) buf = buf.copyOf(buf.size * 2)
        val n = try {
            input.read(buf, filled, buf.size - filled)
        } catch (e: IOException) {
            fail(StreamPart.Failure { e })
            return
        }
        if (n < 0) eof = true else filled += n
        if (!started) skipByteOrderMark()
    }

    private fun skipByteOrderMark() {
        if (filled < BOM.size && !eof) return
        started = true
        if (filled >= BOM.size && BOM.indices.all { buf[it] == BOM[it] }) scanned = BOM.size
    }

    override fun arrayStart(pos: Int) {
        batchOpen = pos
    }

    override fun elementStart(pos: Int) {
        openElement = pos
    }

    override fun elementEnd(pos: Int) {
        if (elements == starts.size) {
            starts = starts.copyOf(elements * 2)
            ends = ends.copyOf(elements * 2)
        }
        starts[elements] = openElement
        ends[elements++] = pos
        openElement = -1
    }

    override fun comma(pos: Int): Boolean {
        if (pos - batchOpen <= batchBytes) return false
        cutAt = pos
        return true
    }

    override fun arrayEnd(pos: Int) {
        closeAt = pos
    }

    /** Hands on the elements before the comma at [cutAt]; the bytes from that comma on move to a new buffer. */
    private fun cut() {
        val comma = cutAt
        cutAt = -1
        val offset = bufOffset
        val old = moveFrom(comma)
        handOn(old, offset, batchOpen, comma)
        batchOpen = 0
    }

    /** Hands on the elements before the closing bracket at [closeAt]; what follows is only checked. */
    private fun closeBatch() {
        val close = closeAt
        closeAt = -1
        val offset = bufOffset
        val old = moveFrom(scanned)
        if (elements > 0) handOn(old, offset, batchOpen, close)
        batchOpen = -1
    }

    /** Moves the bytes from [from] on to a new buffer, which they start; returns the old buffer. */
    private fun moveFrom(from: Int): ByteArray {
        val old = buf
        buf = ByteArray(maxOf(batchBytes, filled - from) + READ_BYTES)
        old.copyInto(buf, 0, from, filled)
        bufOffset += from
        filled -= from
        scanned -= from
        return old
    }

    /** Hands on the elements of [bytes] (at stream [offset]) between the commas or brackets at [open] and [close]. */
    private fun handOn(bytes: ByteArray, offset: Long, open: Int, close: Int) {
        bytes[open] = '['.code.toByte()
        bytes[close] = ']'.code.toByte()
        ready += StreamPart.Batch(bytes, open, close + 1, offset, firstIndex, starts.copyOf(elements), ends.copyOf(elements))
        firstIndex += elements
        elements = 0
    }

    /** The outline is broken: the whole elements before hand on as a batch of their own, then the failure. */
    private fun broken() {
        val pos = scanner.failurePos
        if (elements > 0) {
            val open = batchOpen
            val last = ends[elements - 1]
            val text = ByteArray(last - open + 1)
            buf.copyInto(text, 0, open, last)
            text[0] = '['.code.toByte()
            text[text.size - 1] = ']'.code.toByte()
            ready += StreamPart.Batch(
                text, 0, text.size, bufOffset + open, firstIndex,
                IntArray(elements) { starts[it] - open }, IntArray(elements) { ends[it] - open },
            )
            firstIndex += elements
            elements = 0
        }
        val message = scanner.failure!!
        val offset = bufOffset + pos
        val around = around(pos)
        val index = firstIndex
        val element = if (scanner.failureInElement && openElement >= 0) {
            // The element alone, up to the failure and one byte past it, as an array: the engine says what is wrong.
            val end = if (pos >= filled) openElement + Utf8.withoutCutTail(buf.copyOfRange(openElement, filled), filled - openElement) else pos + 1
            val text = ByteArray(end - openElement + 1)
            text[0] = '['.code.toByte()
            buf.copyInto(text, 1, openElement, end)
            text to bufOffset + openElement - 1
        } else {
            null
        }
        fail(StreamPart.Failure {
            element?.let { (text, textOffset) -> elementError(text, textOffset, index) } ?: outlineError(offset, message, around)
        })
    }

    private fun fail(failure: StreamPart.Failure) {
        ready += failure
        finished = true
    }

    private fun around(pos: Int): String {
        val from = maxOf(0, pos - AROUND_BYTES)
        val to = minOf(filled, pos + AROUND_BYTES)
        val text = String(buf, from, to - from, Charsets.UTF_8)
        return (if (from > 0) "....." else "") + text + (if (to < filled) "....." else "")
    }

    private companion object {
        const val READ_BYTES = 64 * 1024
        const val AROUND_BYTES = 32
        val BOM = byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte())
    }
}
