package serialbench.parallel.internal.scan

import java.lang.invoke.MethodHandles
import java.lang.invoke.VarHandle
import java.nio.ByteOrder

/**
 * Follows the outline of JSON, a text's or a stream's (see `ParallelJsonArrays` for the vocabulary): an array (or an
 * object, by [brackets], whose elements are its members, `string ws : ws value`), its content alone, or one value.
 * It tells a [Listener] where each element starts and ends and where the top-level commas are, without parsing the
 * elements: inside one only strings and brackets are followed, and what else stops it, or makes a literal, is the
 * [reading]'s to say. The outline is checked strictly: only JSON whitespace, exactly one comma between elements,
 * each element one whole value.
 *
 * One scanner for both kinds of input: a [String] is scanned whole in one call ([ArrayOutline] reads texts with it);
 * UTF-8 bytes as they arrive, read after read: the state is kept between calls, so a string, an escape or a number
 * may be split across reads anywhere. JSON's structure is ASCII and a byte of a multi-byte character is never part of
 * it, so a byte is read as one character and positions stay byte offsets. Positions are indices into the input passed
 * to [scan]; a caller may move the unscanned bytes to another buffer between calls, as long as it passes their new
 * position. Not thread safe.
 *
 * [start] says where the input begins: before the array's opening bracket, inside it just after an element (at a
 * top-level comma or the closing bracket, as when the text before was cut off at a comma known to be at the top
 * level), at the start of its content with no brackets around (which then ends at the end of the input), or at one
 * value, after which the scan stops.
 */
internal class OutlineScanner(
    private val listener: Listener = Listener.NONE,
    start: Start = Start.ARRAY,
    private val brackets: Brackets = Brackets.ARRAY,
    private val reading: OutlineReading = OutlineReading.ANY_ENGINE,
) {
    /** What the scan found, as it finds it. Positions are those passed to [scan]. */
    interface Listener {
        /** The opening bracket of the array, at [pos]. */
        fun arrayStart(pos: Int) {}

        fun elementStart(pos: Int) {}

        fun elementEnd(pos: Int) {}

        /** A top-level comma at [pos], after [elementsBefore] elements; returning true stops [scan] just after it. */
        fun comma(pos: Int, elementsBefore: Int): Boolean = false

        /** The closing bracket of the array, at [pos]; returning true (the default) stops [scan] just after it. */
        fun arrayEnd(pos: Int): Boolean = true

        companion object {
            /** Only stops at the closing bracket. */
            val NONE = object : Listener {}
        }
    }

    /** Where the input begins (see above). */
    enum class Start { ARRAY, AFTER_ELEMENT, CONTENT, VALUE }

    private val contentOnly = start == Start.CONTENT
    private val oneValue = start == Start.VALUE
    private var state = when (start) {
        Start.ARRAY -> BEFORE_ARRAY
        Start.AFTER_ELEMENT -> AFTER_VALUE
        Start.CONTENT -> FIRST_VALUE
        Start.VALUE -> VALUE
    }
    private var escaped = false
    private var openers = ByteArray(INITIAL_DEPTH)
    private var depth = 0

    /** The elements read to their end. */
    var elements: Int = 0
        private set

    private var failureKind = 0
    private var failureUnit = 0
    private var failureOpener = 0

    /** Where the outline is broken, or -1; then [failure] says what is wrong, and [failureInElement] whether inside. */
    var failurePos: Int = -1
        private set
    var failureInElement: Boolean = false
        private set

    /** What is wrong, once the outline is broken. */
    val failure: String? get() = if (failureKind == 0) null else message()

    /** Whether the outline is broken (without the words of [failure]). */
    val broken: Boolean get() = failureKind != 0

    /** Whether the array has been closed (only whitespace may follow). */
    val arrayClosed: Boolean get() = state == AFTER_ARRAY

    /** Whether the one value of [Start.VALUE] was read to its end. */
    val valueRead: Boolean get() = state == DONE

    /** Whether the scan stopped inside a literal, which the end of the input ends ([finish]). */
    val inLiteral: Boolean get() = state == IN_LITERAL

    /**
     * Scans `text[from, to)`; returns where it stopped: [to], just after a comma or bracket the listener stopped at,
     * after the one value of [Start.VALUE], or at a failure.
     */
    fun scan(text: String, from: Int, to: Int): Int =
        scan(from, to, { text[it].code }, { start, end -> textStringEnd(text, start, end) }) { start, end ->
            structureEnd(text, start, end)
        }

    /** Scans `buf[from, to)`, as [scan] of a text does. */
    fun scan(buf: ByteArray, from: Int, to: Int): Int =
        scan(from, to, { buf[it].toInt() and 0xFF }, { start, end -> bytesStringEnd(buf, start, end) }) { start, end ->
            structureEnd(buf, start, end)
        }

    /**
     * The input ended at [end]: a literal there ends its element; anything else unfinished is a failure, except the
     * end of [Start.CONTENT] between elements.
     */
    fun finish(end: Int) {
        if (failureKind != 0) return
        if (state == IN_LITERAL) elementEnded(end)
        when (state) {
            AFTER_ARRAY, DONE -> return
            FIRST_VALUE, AFTER_VALUE -> if (contentOnly) return
        }
        when (state) {
            BEFORE_ARRAY -> fail(end, EXPECTED_ARRAY, EOF, false)
            IN_STRING, IN_STRUCTURE, IN_KEY, AFTER_KEY, MEMBER_VALUE -> fail(end, EOF_IN_ELEMENT, EOF, true)
            else -> fail(end, EXPECTED_CLOSE, EOF, false)
        }
    }

    /**
     * The scan of `input[from, to)`, input read through [at] (a character's code, or a byte as 0-255), its strings
     * skipped by [stringEnd] (from a string's contents to just past its closing quote, or -1 when the input ends
     * first) and the insides of its objects and arrays by [structure] ([walkStructure]): one state machine, compiled
     * for each kind of input.
     */
    private inline fun scan(
        from: Int,
        to: Int,
        at: (Int) -> Int,
        stringEnd: (Int, Int) -> Int,
        structure: (Int, Int) -> Int,
    ): Int {
        val literal = reading.literalUnits
        val literalAbove = reading.literalAbove
        var i = from
        while (i < to) {
            when (state) {
                IN_STRING, IN_KEY -> {
                    val end = stringEnd(i, to)
                    if (end < 0) return to
                    i = end
                    when {
                        state == IN_KEY -> state = AFTER_KEY
                        depth > 0 -> state = IN_STRUCTURE
                        elementEnded(end) -> return end
                    }
                }

                IN_STRUCTURE -> {
                    i = structure(i, to)
                    if (failureKind != 0 || depth > 0) return i
                    if (elementEnded(i)) return i
                }

                IN_LITERAL -> {
                    while (i < to) {
                        val c = at(i)
                        if (if (c < TABLE_SIZE) !literal[c] else !literalAbove) break
                        i++
                    }
                    if (i < to && elementEnded(i)) return i
                }

                else -> {
                    while (isWhitespace(at(i))) if (++i == to) return to
                    val c = at(i)
                    when (state) {
                        BEFORE_ARRAY -> {
                            if (c != brackets.open.code) return fail(i, EXPECTED_ARRAY, c, false)
                            listener.arrayStart(i)
                            state = FIRST_VALUE
                            i++
                        }

                        FIRST_VALUE, AFTER_VALUE -> when {
                            c == COMMA && state == AFTER_VALUE -> {
                                state = VALUE
                                if (listener.comma(i++, elements)) return i
                            }

                            c == brackets.close.code && !contentOnly -> {
                                state = AFTER_ARRAY
                                if (listener.arrayEnd(i++)) return i
                            }

                            state == AFTER_VALUE -> return fail(i, EXPECTED_COMMA, c, false)

                            else -> i = startElement(i, c)
                        }

                        VALUE -> i = startElement(i, c)

                        AFTER_KEY -> {
                            if (c != COLON) return fail(i, EXPECTED_COLON, c, true)
                            state = MEMBER_VALUE
                            i++
                        }

                        MEMBER_VALUE -> i = startValue(i, c)

                        AFTER_ARRAY -> return fail(i, EXPECTED_EOF, c, false)

                        else -> return i
                    }
                    if (failureKind != 0) return failurePos
                }
            }
        }
        return i
    }

    /**
     * An element ends just before [pos]; whether the scan stops there (after the one value of [Start.VALUE]). Inline,
     * as [startElement] is: each kind of input calls its own listeners, which the compiler can then inline.
     */
    @Suppress("NOTHING_TO_INLINE")
    private inline fun elementEnded(pos: Int): Boolean {
        elements++
        listener.elementEnd(pos)
        state = if (oneValue) DONE else AFTER_VALUE
        return oneValue
    }

    /** The element starting with [c] at [pos]; where the scan goes on. */
    @Suppress("NOTHING_TO_INLINE")
    private inline fun startElement(pos: Int, c: Int): Int {
        if (c == COMMA || c == CLOSE_ARRAY || c == CLOSE_OBJECT) return fail(pos, EXPECTED_VALUE, c, false)
        listener.elementStart(pos)
        if (brackets == Brackets.ARRAY) return startValue(pos, c)
        if (c != QUOTE) return fail(pos, EXPECTED_KEY, c, true)
        state = IN_KEY
        return pos + 1
    }

    /** The value starting with [c] at [pos]; where the scan goes on. */
    private fun startValue(pos: Int, c: Int): Int {
        when {
            c == QUOTE -> state = IN_STRING

            c == OPEN_OBJECT || c == OPEN_ARRAY -> {
                openers[0] = c.toByte()
                depth = 1
                state = IN_STRUCTURE
            }

            reading.isLiteral(c) -> state = IN_LITERAL

            else -> return fail(pos, EXPECTED_VALUE, c, true)
        }
        return pos + 1
    }

    private fun fail(pos: Int, kind: Int, unit: Int, inElement: Boolean): Int {
        failureKind = kind
        failureUnit = unit
        failurePos = pos
        failureInElement = inElement
        return pos
    }

    private fun message(): String {
        val had = if (failureUnit == EOF) "EOF" else describe(failureUnit)
        return when (failureKind) {
            EXPECTED_ARRAY -> "Expected start of the array '${brackets.open}', but had '$had' instead"
            EXPECTED_COMMA -> "Expected comma ',' or end of the array '${brackets.close}', but had '$had' instead"
            EXPECTED_CLOSE -> "Expected end of the array '${brackets.close}', but had '$had' instead"
            EXPECTED_EOF -> "Expected EOF after parsing, but had '$had' instead"
            EXPECTED_VALUE -> "Expected a value, but had '$had' instead"
            EXPECTED_KEY -> "Expected a member's name, but had '$had' instead"
            EXPECTED_COLON -> "Expected colon ':', but had '$had' instead"
            MISMATCH -> "Unexpected '$had' closing '${describe(failureOpener)}'"
            OUTSIDE_STRING -> "Unexpected '$had' outside a string"
            else -> "Unexpected end of input inside an element"
        }
    }

    private fun structureEnd(text: String, from: Int, to: Int): Int =
        walkStructure(from, to, { text[it].code }) { start, end -> textStringEnd(text, start, end) }

    private fun structureEnd(buf: ByteArray, from: Int, to: Int): Int =
        walkStructure(from, to, { buf[it].toInt() and 0xFF }) { start, end -> bytesStringEnd(buf, start, end) }

    /**
     * Inside an object or array, outside strings, from [from]: just past its closing bracket (then [depth] is 0), or
     * [to] when the input ends first (then [depth] and [state] say where it is), or where it is broken. A method of
     * its own for each kind of input, apart from the state machine: most of a text is inside its elements.
     */
    private inline fun walkStructure(from: Int, to: Int, at: (Int) -> Int, stringEnd: (Int, Int) -> Int): Int {
        val structural = reading.structuralUnits
        var d = depth
        var stack = openers
        var i = from
        while (i < to) {
            val c = at(i)
            if (c < TABLE_SIZE && structural[c]) {
                when (c) {
                    QUOTE -> {
                        val end = stringEnd(i + 1, to)
                        if (end < 0) {
                            depth = d
                            state = IN_STRING
                            return to
                        }
                        i = end
                        continue
                    }

                    OPEN_OBJECT, OPEN_ARRAY -> {
                        if (d == stack.size) {
                            stack = stack.copyOf(d * 2)
                            openers = stack
                        }
                        stack[d++] = c.toByte()
                    }

                    CLOSE_OBJECT, CLOSE_ARRAY -> {
                        val opener = stack[--d].toInt()
                        if (opener != (if (c == CLOSE_OBJECT) OPEN_OBJECT else OPEN_ARRAY)) {
                            failureOpener = opener
                            return fail(i, MISMATCH, c, true)
                        }
                        if (d == 0) {
                            depth = 0
                            return i + 1
                        }
                    }

                    else -> return fail(i, OUTSIDE_STRING, c, true)
                }
            }
            i++
        }
        depth = d
        return to
    }

    private fun textStringEnd(text: String, from: Int, to: Int): Int {
        val quote = closingQuote(text, from, to)
        return if (quote < 0) -1 else quote + 1
    }

    /**
     * Just past the closing quote of the string whose contents start at [from], or -1 when `buf[from, to)` ends
     * first (then [escaped] says whether it ended on a backslash). Looks at eight bytes at a time for a quote or
     * a backslash: most of a JSON text's bytes are inside strings.
     */
    private fun bytesStringEnd(buf: ByteArray, from: Int, to: Int): Int {
        var i = from
        if (escaped) {
            escaped = false
            i++
        }
        while (i < to) {
            while (i <= to - Long.SIZE_BYTES) {
                val word = LONGS.get(buf, i) as Long
                val found = bytesEqual(word, QUOTES) or bytesEqual(word, BACKSLASHES)
                if (found != 0L) {
                    i += java.lang.Long.numberOfTrailingZeros(found) ushr 3
                    break
                }
                i += Long.SIZE_BYTES
            }
            while (i < to && buf[i].toInt() != QUOTE && buf[i].toInt() != BACKSLASH) i++
            if (i == to) return -1
            if (buf[i].toInt() == QUOTE) return i + 1
            if (i + 1 == to) {
                escaped = true
                return -1
            }
            i += 2
        }
        return -1
    }

    companion object {
        /**
         * Index of the quote closing a string of [text] whose contents start at [from], or -1: its first
         * [SHORT_STRING_CHARS] characters one by one, then by `indexOf`, which is faster on a long run without quotes.
         */
        fun closingQuote(text: String, from: Int, end: Int): Int {
            val near = minOf(end, from + SHORT_STRING_CHARS)
            var i = from
            while (i < near) {
                val c = text[i]
                if (c == '"') return i
                if (c == '\\') break
                i++
            }
            var pos = i
            while (true) {
                val quote = text.indexOf('"', pos)
                if (quote < 0 || quote >= end) return -1
                var backslashes = 0
                while (quote - 1 - backslashes >= from && text[quote - 1 - backslashes] == '\\') backslashes++
                if (backslashes % 2 == 0) return quote
                pos = quote + 1
            }
        }

        /** Strings shorter than this are read character by character (keys, short values). */
        private const val SHORT_STRING_CHARS = 16

        private const val BEFORE_ARRAY = 0
        private const val FIRST_VALUE = 1
        private const val VALUE = 2
        private const val AFTER_VALUE = 3
        private const val AFTER_ARRAY = 4
        private const val IN_STRING = 5
        private const val IN_STRUCTURE = 6
        private const val IN_LITERAL = 7
        private const val IN_KEY = 8
        private const val AFTER_KEY = 9
        private const val MEMBER_VALUE = 10
        private const val DONE = 11

        private const val EXPECTED_ARRAY = 1
        private const val EXPECTED_COMMA = 2
        private const val EXPECTED_CLOSE = 3
        private const val EXPECTED_EOF = 4
        private const val EXPECTED_VALUE = 5
        private const val EXPECTED_KEY = 6
        private const val EXPECTED_COLON = 7
        private const val MISMATCH = 8
        private const val OUTSIDE_STRING = 9
        private const val EOF_IN_ELEMENT = 10

        /** The unit of a failure at the end of the input. */
        private const val EOF = -1

        private const val INITIAL_DEPTH = 16
        private const val QUOTE = '"'.code
        private const val BACKSLASH = '\\'.code
        private const val COMMA = ','.code
        private const val COLON = ':'.code
        private const val OPEN_OBJECT = '{'.code
        private const val CLOSE_OBJECT = '}'.code
        private const val OPEN_ARRAY = '['.code
        private const val CLOSE_ARRAY = ']'.code

        private val LONGS: VarHandle =
            MethodHandles.byteArrayViewVarHandle(LongArray::class.java, ByteOrder.LITTLE_ENDIAN)
        private const val QUOTES = 0x2222222222222222L
        private const val BACKSLASHES = 0x5C5C5C5C5C5C5C5CL
        private const val ONES = 0x0101010101010101L
        private const val HIGHS = -0x7F7F7F7F7F7F7F80L // 0x8080808080808080

        /**
         * The high bit of each byte of [word] that equals the byte repeated in [pattern], exact from the lowest
         * byte up to the first such byte (a higher byte may be flagged falsely): enough to find the first one.
         */
        private fun bytesEqual(word: Long, pattern: Long): Long {
            val x = word xor pattern
            return (x - ONES) and x.inv() and HIGHS
        }

        private fun isWhitespace(unit: Int): Boolean =
            unit == ' '.code || unit == '\n'.code || unit == '\r'.code || unit == '\t'.code

        private fun describe(unit: Int): String = when {
            unit in 32..126 -> unit.toChar().toString()
            unit < 256 -> "\\x%02x".format(unit)
            else -> "\\u%04x".format(unit)
        }
    }
}

/** Whether [b] is JSON whitespace (space, line feed, carriage return, tab). */
internal fun isWhitespace(b: Byte): Boolean =
    b == ' '.code.toByte() || b == '\n'.code.toByte() || b == '\r'.code.toByte() || b == '\t'.code.toByte()
