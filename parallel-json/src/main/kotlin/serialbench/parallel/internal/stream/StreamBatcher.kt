package serialbench.parallel.internal.stream

import serialbench.parallel.internal.scan.ElementShape
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.io.InputStream

/**
 * Reads a JSON array from UTF-8 [input] and cuts it into batches of whole elements (see [ParallelJsonArrays] for
 * the vocabulary): the first of about [BatchHandOff.FIRST_BATCH_BYTES] (or [batchBytes], if smaller), each next
 * one twice as long up to about [batchBytes], so that the first elements come early and long streams go in long
 * batches. Reads only as far as the caller asks for batches: memory is one batch being filled plus the longest
 * element. Not thread safe; a handed-on batch's bytes are not touched again.
 *
 * Two ways to cut. The exact scan ([ExactCuts]) looks at every byte and finds the top-level commas and each
 * element's bounds. With [guess], the batcher first looks only at the bytes near the batch size for a comma
 * that fits the first element's [ElementShape] ([CutGuesser]): most bytes are never looked at, and the decoder
 * proves or refutes each guess by decoding the batches in order. When the first element does not end within
 * [guessWindowBytes], it scans exactly from the start; when no such comma shows up within
 * [guessWindowBytes] past the batch size, it hands on [StreamPart.Unguessable] and stops, and the decoder starts
 * an exact batcher on [rest].
 *
 * [start] says where [input] begins: the stream's first byte (a leading UTF-8 byte order mark is skipped), the
 * array itself, or a top-level comma; [baseOffset] is its stream offset and [firstIndex] the index of the first
 * element after it. [elementShape] is the shape of the array's elements, when a restart knows it.
 *
 * The parts: [StreamInput] reads and buffers, [ExactCuts] and [CutGuesser] find the cuts, [BatchHandOff] makes
 * the batches and queues them, [OutlineFailures] says what is wrong with a broken outline (see [OutlineFailures]
 * for [outlineError] and [elementError]); this class decides which step comes next.
 */
internal class StreamBatcher(
    input: InputStream,
    batchBytes: Int,
    outlineError: (offset: Long, message: String, around: String) -> Throwable,
    elementError: (text: ByteArray, streamOffset: Long, index: Long) -> Throwable?,
    start: Start = Start.STREAM,
    guess: Boolean = false,
    elementShape: ElementShape? = null,
    baseOffset: Long = 0,
    firstIndex: Long = 0,
    guessWindowBytes: Int = maxOf(batchBytes, MIN_GUESS_WINDOW_BYTES),
) {
    /** Where the input begins. */
    enum class Start { STREAM, ARRAY, COMMA }

    private val batches = BatchHandOff(batchBytes, firstIndex, open = if (start == Start.COMMA) 0 else -1)
    private val bytes = StreamInput(input, batches.targetBytes, baseOffset, batchBytes)
    private val exact = ExactCuts(batches, afterElement = start == Start.COMMA)
    private val guesser = CutGuesser(
        bytes,
        batches,
        guessWindowBytes,
        guessing = guess && start == Start.STREAM,
        guessAfterExactCut = guess && start != Start.STREAM && elementShape != null,
        elementShape = elementShape,
    )
    private val failures = OutlineFailures(outlineError, elementError)

    /** Whether the stream's first bytes were read: a byte order mark is skipped before anything else. */
    private var started = start != Start.STREAM
    private var finished = false

    /** The shape of the array's elements, once learned from its first (null if not). */
    val elementShape: ElementShape? get() = guesser.shape

    /** The next part of the stream, or null after the last. */
    fun next(): StreamPart? {
        while (batches.isEmpty && !finished) advance()
        return batches.take()
    }

    /**
     * Takes back the bytes of a batch handed on earlier, once nothing reads them any more (the batch was decoded
     * and taken), to read into again.
     */
    fun recycle(batch: ByteArray) = bytes.recycle(batch)

    /**
     * The bytes not handed on, from the comma (or the array's `[`) that opens the batch being filled, then the rest
     * of the input (or its read failure again): where an exact batcher goes on after [StreamPart.Unguessable].
     */
    fun rest(): InputStream = bytes.rest(batches.open)

    /** The stream offset where [rest] begins. */
    val restOffset: Long get() = bytes.offset + batches.open

    /** Whether [rest] begins with a comma (else with the array's `[`). */
    val restAtComma: Boolean get() = batches.handedOn > 0

    private fun advance() {
        if (guesser.guessing && started) {
            guessCut()
            return
        }
        if (started && exact.scanned < bytes.filled) {
            exact.scan(bytes.buf, bytes.filled)
            if (exact.failure != null) {
                broken()
                return
            }
            val cut = exact.takeCut()
            if (cut >= 0) {
                cut(cut)
            } else {
                val close = exact.takeClose()
                if (close >= 0) closeBatch(close)
            }
            return
        }
        if (bytes.eof) {
            exact.finish(bytes.filled)
            if (exact.failure != null) broken() else finished = true
            return
        }
        read()
    }

    /**
     * Reads on. Where the input fails, the elements read whole before come first, as the engine reading the stream
     * yields them: while guessing, the bytes since the last cut are left to the exact scan ([stopGuessing]), which
     * then meets the failure again; the exact scan has scanned every byte read, and hands its whole elements on.
     */
    private fun read() {
        val failure = bytes.read()
        when {
            failure == null -> if (!started) skipByteOrderMark()

            guesser.guessing && started -> stopGuessing()

            else -> {
                handOnWholeElements()
                fail(StreamPart.Failure { failure })
            }
        }
    }

    private fun skipByteOrderMark() {
        if (bytes.filled < BOM.size && !bytes.eof) return
        started = true
        if (bytes.filled >= BOM.size && BOM.indices.all { bytes.buf[it] == BOM[it] }) exact.scanned = BOM.size
    }

    /** Hands on the elements before the comma at [comma]; the bytes from that comma on move to a new buffer. */
    private fun cut(comma: Int) {
        val offset = bytes.offset
        val starts = exact.starts(0)
        val ends = exact.ends(0)
        exact.clear()
        val old = moveFrom(comma)
        batches.exact(old, offset, batches.open, comma, starts, ends)
        batches.open = 0
        guesser.afterExactCut()
    }

    /** Hands on the elements before the closing bracket at [close]; what follows is only checked. */
    private fun closeBatch(close: Int) {
        val offset = bytes.offset
        val elements = exact.elements
        val starts = if (elements > 0) exact.starts(0) else null
        val ends = if (elements > 0) exact.ends(0) else null
        exact.clear()
        val old = moveFrom(exact.scanned)
        if (starts != null && ends != null) batches.exact(old, offset, batches.open, close, starts, ends)
        batches.open = -1
    }

    /** Moves the bytes from [from] on to another buffer, which they start; returns the old buffer. */
    private fun moveFrom(from: Int): ByteArray {
        val old = bytes.moveFrom(from, batches.targetBytes)
        exact.shift(from)
        return old
    }

    /** One step of guessing: the element shape, a cut, the last batch, giving up, or a read. */
    private fun guessCut() {
        if (!guesser.shapeKnown && !guesser.findShape(exact.scanned)) {
            if (bytes.eof) guesser.stop(resume = false) else read()
            return
        }
        if (!guesser.guessing) return
        val comma = guesser.findComma()
        when {
            comma >= 0 -> {
                val offset = bytes.offset
                val old = moveFrom(comma)
                batches.guessed(old, offset, batches.open, comma)
                batches.open = 0
                guesser.searchAgain()
            }

            bytes.eof -> {
                batches.lastGuessed(bytes.buf, bytes.offset, batches.open, bytes.filled)
                bytes.release()
                batches.open = 0
                finished = true
            }

            guesser.outOfSight() -> stopGuessing()

            else -> read()
        }
    }

    private fun stopGuessing() {
        if (batches.handedOn == 0) {
            // Nothing handed on yet: the exact scan simply starts from the beginning.
            guesser.stop(resume = true)
        } else {
            batches.unguessable()
            finished = true
        }
    }

    /** The outline is broken: the whole elements before hand on as a batch of their own, then the failure. */
    private fun broken() {
        handOnWholeElements()
        val buf = bytes.buf
        val element = if (exact.failureInElement) exact.openElement else -1
        val message = exact.failure!!
        fail(failures.failure(buf, bytes.filled, bytes.offset, exact.failurePos, message, element, batches.firstIndex))
    }

    /** Hands on the elements of the batch being filled that the exact scan found whole, as a batch of their own. */
    private fun handOnWholeElements() {
        if (exact.elements == 0) return
        val open = batches.open
        batches.beforeFailure(bytes.buf, bytes.offset, open, exact.lastEnd(), exact.starts(open), exact.ends(open))
        exact.clear()
    }

    private fun fail(failure: StreamPart.Failure) {
        batches.failure(failure)
        finished = true
    }

    private companion object {
        /** How far past the batch size a guessed cut is looked for at least, before the exact scan takes over. */
        const val MIN_GUESS_WINDOW_BYTES = 16 * 1024
        val BOM = byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte())
    }
}
