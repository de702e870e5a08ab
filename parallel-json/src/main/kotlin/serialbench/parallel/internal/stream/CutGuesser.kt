package serialbench.parallel.internal.stream

import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.scan.ByteChars
import serialbench.parallel.internal.scan.ElementShape
import serialbench.parallel.internal.scan.isWhitespace

/**
 * Where a [StreamBatcher] guesses its cuts: the first comma at least [BatchHandOff.targetBytes] past the batch's
 * opening that fits the [ElementShape] of the array's first element, as a text's guessed cuts do (its closing
 * bracket or quote before, its start and indentation after). Only the bytes near the batch size are looked at; the
 * decoder proves or refutes each guess. [findShape] learns the shape from the stream, unless a restart passes it on
 * ([elementShape]); an array whose first element does not end within [guessWindowBytes] of its `[` is cut exactly.
 *
 * Contract: reads the [input]'s buffer and the [batches]' opening and target, never writes them (but for the
 * batch's opening once the array's `[` is found); positions it keeps are reset by the batcher's calls after it
 * moves the buffer ([searchAgain], [afterExactCut]). [guessing] tells the batcher which way to cut now. Not
 * thread safe.
 */
internal class CutGuesser(
    private val input: StreamInput,
    private val batches: BatchHandOff,
    private val guessWindowBytes: Int,
    guessing: Boolean,
    guessAfterExactCut: Boolean,
    elementShape: ElementShape?,
) {
    /** Whether cuts are guessed now. */
    var guessing: Boolean = guessing
        private set

    /** After a restart, or a stop in the first batch: guessing starts again after the next exact cut. */
    private var guessAfterExactCut = guessAfterExactCut

    /** The shape of the array's elements, once learned from its first. */
    var shape: ElementShape? = elementShape
        private set
    private var searchFrom = 0

    /** Where the array's `[` is, once read, and where the search for its first element goes on. */
    private var bracket = -1
    private var firstFrom = 0

    /** Whether [shape] is known. */
    val shapeKnown: Boolean get() = shape != null

    /**
     * Whether the array's `[` and its whole first element have been read, looking from [from] (where the stream's
     * text begins) on; then [shape] is set and the batch opens at the `[`. Guessing stops when the text does not
     * start with `[` (the exact scan then says what is wrong), or when the first element is not one whole value
     * within [guessWindowBytes] of the `[`.
     */
    fun findShape(from: Int): Boolean {
        val buf = input.buf
        val filled = input.filled
        if (bracket < 0) {
            var i = maxOf(from, firstFrom)
            while (i < filled && isWhitespace(buf[i])) i++
            firstFrom = i
            if (i == filled) return false
            if (buf[i] != '['.code.toByte()) {
                guessing = false
                return true
            }
            bracket = i
            firstFrom = i + 1
        }
        var first = firstFrom
        while (first < filled && isWhitespace(buf[first])) first++
        firstFrom = first
        if (first == filled) return false
        val window = minOf(filled, bracket + guessWindowBytes)
        val text = String(buf, bracket, window - bracket, Charsets.ISO_8859_1)
        val learned = ElementShape.of(text, first - bracket, text.length, Brackets.ARRAY)
        when {
            learned != null && learned.firstEnd < text.length -> {
                shape = learned
                batches.open = bracket
            }

            window == filled && !input.eof -> return false

            else -> guessing = false
        }
        return true
    }

    /**
     * The first comma at least [BatchHandOff.targetBytes] past the batch's opening that fits [shape], or -1 (then
     * the search goes on from where it stopped after a read).
     */
    fun findComma(): Int {
        val shape = checkNotNull(shape) { "no element shape to guess by" }
        val buf = input.buf
        val filled = input.filled
        val text = ByteChars(buf, filled)
        var i = maxOf(searchFrom, batches.open + batches.targetBytes)
        while (i < filled) {
            if (buf[i] == BatchHandOff.COMMA) {
                if (filled - i <= shape.lookaheadChars && !input.eof) break
                if (shape.fitsCut(text, i, batches.open)) return i
            }
            i++
        }
        searchFrom = i
        return -1
    }

    /**
     * Whether to stop guessing: no cut within [guessWindowBytes] past the batch size, or the array may have ended
     * with what was read last while the stream keeps the rest (maybe nothing) for later; the exact scan hands its
     * last elements on at the bracket.
     */
    fun outOfSight(): Boolean {
        val filled = input.filled
        return filled - batches.open > batches.targetBytes + guessWindowBytes ||
            (input.lastReadShort && endsWithClosingBracket())
    }

    /** The batch was handed on and a new one opens at the buffer's start. */
    fun searchAgain() {
        searchFrom = 0
    }

    /** Guessing stops; with [resume], it starts again after the next exact cut. */
    fun stop(resume: Boolean) {
        guessing = false
        if (resume) guessAfterExactCut = true
    }

    /** The exact scan cut, and the batch opens at the buffer's start: guessing starts again if it is to. */
    fun afterExactCut() {
        if (guessAfterExactCut) {
            guessing = true
            searchFrom = 0
        }
    }

    /** Whether the last byte read, whitespace aside, is a closing bracket after the batch's opening. */
    private fun endsWithClosingBracket(): Boolean {
        val buf = input.buf
        val open = batches.open
        var i = input.filled - 1
        while (i > open && isWhitespace(buf[i])) i--
        return i > open && buf[i] == ']'.code.toByte()
    }
}
