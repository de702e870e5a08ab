package serialbench.parallel.internal.stream

import serialbench.parallel.internal.scan.isWhitespace

/**
 * Where a [StreamBatcher] guesses its cuts: a comma at least [BatchHandOff.targetBytes] past the batch's
 * opening with only whitespace between it and a closing bracket of the first element's kind before and an
 * opening one ([opener]) after (`},{`). Only the bytes near the batch size are looked at; the decoder proves or
 * refutes each guess. Guesses need an object or array element: [findElementKind] learns its kind from the
 * stream, unless a restart passes it on ([elementOpener]).
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
    elementOpener: Byte,
) {
    /** Whether cuts are guessed now. */
    var guessing: Boolean = guessing
        private set

    /** After a restart, or a stop in the first batch: guessing starts again after the next exact cut. */
    private var guessAfterExactCut = guessAfterExactCut

    /** The first byte of the array's first element, if an object or an array (0 if unknown or another kind). */
    var opener: Byte = elementOpener
        private set
    private var searchFrom = 0

    /** Where the array's `[` is, once read, and where the search for the first element goes on. */
    private var bracket = -1
    private var kindFrom = 0

    /** Whether [opener] is known. */
    val kindKnown: Boolean get() = opener != 0.toByte()

    /**
     * Whether the array's `[` and its first element's first byte have been read, looking from [from] (where the
     * stream's text begins) on; then [opener] is set and the batch opens at the `[`, if that element is an object
     * or an array, else guessing stops. Guessing stops too when the text does not start with `[` (the exact scan
     * then says what is wrong).
     */
    fun findElementKind(from: Int): Boolean {
        val buf = input.buf
        val filled = input.filled
        var i = maxOf(from, kindFrom)
        while (i < filled && isWhitespace(buf[i])) i++
        kindFrom = i
        if (i == filled) return false
        if (bracket < 0) {
            if (buf[i] != '['.code.toByte()) {
                guessing = false
                return true
            }
            bracket = i
            i++
            while (i < filled && isWhitespace(buf[i])) i++
            kindFrom = i
            if (i == filled) return false
        }
        val kind = buf[i]
        if (closerOf(kind) == 0.toByte()) {
            guessing = false
            return true
        }
        opener = kind
        batches.open = bracket
        return true
    }

    /**
     * The first comma at least [BatchHandOff.targetBytes] past the batch's opening with only whitespace between
     * it and a closer of [opener]'s kind before and an [opener] after, or -1 (then the search goes on from where
     * it stopped after a read).
     */
    fun findComma(): Int {
        val buf = input.buf
        val filled = input.filled
        val opener = opener
        val closer = closerOf(opener)
        var i = maxOf(searchFrom, batches.open + batches.targetBytes)
        while (i < filled) {
            if (buf[i] == closer) {
                var j = i + 1
                while (j < filled && isWhitespace(buf[j])) j++
                if (j < filled && buf[j] == BatchHandOff.COMMA) {
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

    private fun closerOf(opener: Byte): Byte = when (opener) {
        '{'.code.toByte() -> '}'.code.toByte()
        '['.code.toByte() -> ']'.code.toByte()
        else -> 0
    }
}
