package serialbench.parallel.internal

import java.io.ByteArrayInputStream
import java.io.IOException
import java.io.InputStream
import java.io.SequenceInputStream

/**
 * Reads a JSON array from UTF-8 [input] and cuts it into batches of whole elements (see [ParallelJsonArrays] for
 * the vocabulary): the first of about [FIRST_BATCH_BYTES] (or [batchBytes], if smaller), each next one twice as
 * long up to about [batchBytes], so that the first elements come early and long streams go in long batches. Reads only as far as the caller asks for batches: memory
 * is one batch being filled plus the longest element. Not thread safe; a handed-on batch's bytes are not touched
 * again.
 *
 * Two ways to cut. The exact scan (a [ByteOutlineScanner] over every byte) finds the top-level commas and each
 * element's bounds. With [guess], the batcher first looks only at the bytes near the batch size for a comma
 * between a closing and an opening bracket of the first element's kind (`},{`, whitespace allowed): most bytes
 * are never looked at, and the decoder proves or refutes each guess by decoding the batches in order. When the
 * elements are not objects or arrays, it scans exactly from the start; when no such comma shows up within
 * [guessWindowBytes] past the batch size, it hands on [StreamPart.Unguessable] and stops, and the decoder starts
 * an exact batcher on [rest].
 *
 * [start] says where [input] begins: the stream's first byte (a leading UTF-8 byte order mark is skipped), the
 * array itself, or a top-level comma; [baseOffset] is its stream offset and [firstIndex] the index of the first
 * element after it.
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
    private val start: Start = Start.STREAM,
    guess: Boolean = false,
    elementOpener: Byte = 0,
    baseOffset: Long = 0,
    private var firstIndex: Long = 0,
    private val guessWindowBytes: Int = maxOf(batchBytes, MIN_GUESS_WINDOW_BYTES),
) : ByteOutlineScanner.Listener {
    /** Where the input begins. */
    enum class Start { STREAM, ARRAY, COMMA }

    private val scanner = ByteOutlineScanner(this, afterElement = start == Start.COMMA)
    /** About how long the batch being filled is to be. */
    private var targetBytes = minOf(batchBytes, FIRST_BATCH_BYTES)
    private var buf = ByteArray(targetBytes + READ_BYTES)
    /** Stream offset of `buf[0]`. */
    private var bufOffset = baseOffset
    private var filled = 0
    private var scanned = 0
    private var eof = false
    private var started = start != Start.STREAM
    private var finished = false
    private var readFailure: IOException? = null
    /** Buffers of batches decoded and taken, to read into again. */
    private val spare = ArrayDeque<ByteArray>()

    /** The byte before the batch's first element: the array's `[` or the comma before. */
    private var batchOpen = if (start == Start.COMMA) 0 else -1
    private var starts = IntArray(64)
    private var ends = IntArray(64)
    private var elements = 0
    private var openElement = -1
    private var cutAt = -1
    private var closeAt = -1
    private val ready = ArrayDeque<StreamPart>()

    /** Whether cuts are guessed now; [closer] `,` [opener] is what a guessed cut looks like once they are known. */
    private var guessing = guess && start == Start.STREAM
    /** After a restart, or a stop in the first batch: guessing starts again after the next exact cut. */
    private var guessAfterExactCut = guess && start != Start.STREAM && elementOpener != 0.toByte()
    private var opener: Byte = elementOpener
    private var closer: Byte = closerOf(elementOpener)
    private var searchFrom = 0
    private var batchesHandedOn = 0
    /** Where the array's `[` is, once read while guessing, and where the search for the first element goes on. */
    private var bracket = -1
    private var kindFrom = 0
    /** Whether the last read returned less than it could have: the stream may have nothing more for now. */
    private var lastReadShort = false

    /** The first byte of the array's first element, if it is an object or an array (0 if unknown or another kind). */
    val elementOpener: Byte get() = opener

    /** The next part of the stream, or null after the last. */
    fun next(): StreamPart? {
        while (ready.isEmpty() && !finished) advance()
        return ready.removeFirstOrNull()
    }

    private fun advance() {
        if (guessing && started) {
            guessCut()
            return
        }
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
        val wanted = buf.size - filled
        val n = try {
            input.read(buf, filled, wanted)
        } catch (e: IOException) {
            readFailure = e
            fail(StreamPart.Failure { e })
            return
        }
        if (n < 0) eof = true else filled += n
        lastReadShort = n in 0 until wanted
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
        if (pos - batchOpen <= targetBytes) return false
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
        if (guessAfterExactCut) {
            guessing = true
            searchFrom = 0
        }
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

    /**
     * Takes back the bytes of a batch handed on earlier, once nothing reads them any more (the batch was decoded
     * and taken), to read into again: a stream's decoding then allocates few buffers beyond its look-ahead.
     */
    fun recycle(bytes: ByteArray) {
        val size = batchBytes + READ_BYTES
        if (spare.size < MAX_SPARE_BUFFERS && bytes.size >= size && bytes.size <= 2 * size) spare.addLast(bytes)
    }

    /** Moves the bytes from [from] on to another buffer, which they start; returns the old buffer. */
    private fun moveFrom(from: Int): ByteArray {
        val old = buf
        val size = maxOf(targetBytes, filled - from) + READ_BYTES
        buf = spare.removeLastOrNull()?.takeIf { it.size >= size } ?: ByteArray(size)
        old.copyInto(buf, 0, from, filled)
        bufOffset += from
        filled -= from
        scanned = maxOf(0, scanned - from)
        return old
    }

    /**
     * The bytes not handed on, from the comma (or the array's `[`) that opens the batch being filled, then the rest
     * of the input (or its read failure again): where an exact batcher goes on after [StreamPart.Unguessable].
     */
    fun rest(): InputStream {
        val failure = readFailure
        val tail = if (failure == null) input else object : InputStream() {
            override fun read(): Int = throw failure
            override fun read(b: ByteArray, off: Int, len: Int): Int = throw failure
        }
        return SequenceInputStream(ByteArrayInputStream(buf, batchOpen, filled - batchOpen), tail)
    }

    /** The stream offset where [rest] begins, and whether it begins with a comma (else with the array's `[`). */
    val restOffset: Long get() = bufOffset + batchOpen
    val restAtComma: Boolean get() = batchesHandedOn > 0

    /** One step of guessing: the element kind, a cut, the last batch, giving up, or a read. */
    private fun guessCut() {
        if (opener == 0.toByte() && !findElementKind()) {
            if (eof) guessing = false else read()
            return
        }
        if (!guessing) return
        val comma = findGuessedComma()
        when {
            comma >= 0 -> {
                val offset = bufOffset
                val old = moveFrom(comma)
                handOnGuessed(old, offset, batchOpen, comma)
                batchOpen = 0
                searchFrom = 0
            }
            eof -> {
                handOnGuessed(buf, bufOffset, batchOpen, -1)
                buf = ByteArray(0)
                batchOpen = 0
                filled = 0
                finished = true
            }
            // No cut in sight, or the array may have ended with what was read last, while the stream keeps
            // the rest (maybe nothing) for later: the exact scan hands its last elements on at the bracket.
            filled - batchOpen > targetBytes + guessWindowBytes || lastReadShort && endsWithClosingBracket() -> stopGuessing()
            else -> read()
        }
    }

    private fun stopGuessing() {
        if (batchesHandedOn == 0) {
            // Nothing handed on yet: the exact scan simply starts from the beginning.
            guessing = false
            guessAfterExactCut = true
        } else {
            ready += StreamPart.Unguessable
            finished = true
        }
    }

    /** Whether the last byte read, whitespace aside, is a closing bracket after the batch's opening. */
    private fun endsWithClosingBracket(): Boolean {
        var i = filled - 1
        while (i > batchOpen && isWhitespace(buf[i])) i--
        return i > batchOpen && buf[i] == ']'.code.toByte()
    }

    /**
     * Whether the array's `[` and its first element's first byte have been read; then [opener] and [closer] are
     * set if that element is an object or an array, else guessing stops. Guessing stops too when the text does
     * not start with `[` (the exact scan says what is wrong).
     */
    private fun findElementKind(): Boolean {
        if (bracket < 0) {
            var i = scanned
            while (i < filled && isWhitespace(buf[i])) i++
            scanned = i // whitespace before the array, which the exact scan would skip as well
            if (i == filled) return false
            if (buf[i] != '['.code.toByte()) {
                guessing = false
                return true
            }
            bracket = i
            kindFrom = i + 1
        }
        var i = kindFrom
        while (i < filled && isWhitespace(buf[i])) i++
        kindFrom = i
        if (i == filled) return false
        val kind = buf[i]
        if (closerOf(kind) == 0.toByte()) {
            guessing = false
            return true
        }
        opener = kind
        closer = closerOf(kind)
        batchOpen = bracket
        return true
    }

    private fun closerOf(opener: Byte): Byte = when (opener) {
        '{'.code.toByte() -> '}'.code.toByte()
        '['.code.toByte() -> ']'.code.toByte()
        else -> 0
    }

    /**
     * The first comma at least [targetBytes] past the batch's opening with only whitespace between it and a
     * [closer] before and an [opener] after, or -1 (then the search goes on from where it stopped after a read).
     */
    private fun findGuessedComma(): Int {
        var i = maxOf(searchFrom, batchOpen + targetBytes)
        while (i < filled) {
            if (buf[i] == closer) {
                var j = i + 1
                while (j < filled && isWhitespace(buf[j])) j++
                if (j < filled && buf[j] == COMMA) {
                    val comma = j++
                    while (j < filled && isWhitespace(buf[j])) j++
                    if (j < filled && buf[j] == opener) return comma
                }
                if (j == filled) {
                    searchFrom = i
                    return -1
                }
            }
            i++
        }
        searchFrom = i
        return -1
    }

    /** Hands on `bytes[open, close]` as a guessed batch, or `bytes[open, filled)` when [close] is -1 (the last one). */
    private fun handOnGuessed(bytes: ByteArray, offset: Long, open: Int, close: Int) {
        val openedAtComma = bytes[open] == COMMA
        bytes[open] = '['.code.toByte()
        if (close >= 0) bytes[close] = ']'.code.toByte()
        val end = if (close >= 0) close + 1 else filled
        ready += StreamPart.Batch(bytes, open, end, offset, -1, null, null, openedAtComma, close >= 0)
        batchesHandedOn++
        targetBytes = if (targetBytes >= batchBytes / 2) batchBytes else targetBytes * 2
    }

    /** Hands on the elements of [bytes] (at stream [offset]) between the commas or brackets at [open] and [close]. */
    private fun handOn(bytes: ByteArray, offset: Long, open: Int, close: Int) {
        val openedAtComma = bytes[open] == COMMA
        val closedAtComma = bytes[close] == COMMA
        bytes[open] = '['.code.toByte()
        bytes[close] = ']'.code.toByte()
        ready += StreamPart.Batch(
            bytes, open, close + 1, offset, firstIndex, starts.copyOf(elements), ends.copyOf(elements), openedAtComma, closedAtComma,
        )
        firstIndex += elements
        elements = 0
        batchesHandedOn++
        targetBytes = if (targetBytes >= batchBytes / 2) batchBytes else targetBytes * 2
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
                IntArray(elements) { starts[it] - open }, IntArray(elements) { ends[it] - open }, buf[open] == COMMA, false,
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
        /** How far past the batch size a guessed cut is looked for at least, before the exact scan takes over. */
        const val MIN_GUESS_WINDOW_BYTES = 16 * 1024
        const val FIRST_BATCH_BYTES = 64 * 1024
        const val MAX_SPARE_BUFFERS = 4
        const val COMMA = ','.code.toByte()
        const val AROUND_BYTES = 32
        val BOM = byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte())
    }
}
