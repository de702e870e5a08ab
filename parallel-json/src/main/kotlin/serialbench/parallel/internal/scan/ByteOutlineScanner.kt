package serialbench.parallel.internal.scan

import java.lang.invoke.MethodHandles
import java.lang.invoke.VarHandle
import java.nio.ByteOrder

/**
 * Follows the outline of a JSON array in UTF-8 bytes as they arrive, read after read, and tells a [Listener]
 * where each element starts and ends and where the top-level commas are (see `ParallelJsonArrays` for the
 * vocabulary). It checks the outline as strictly as [ArrayOutline] does (a literal, though, runs as far as kotlinx
 * reads one, see [LITERAL]), and keeps its state between calls,
 * so a string, an escape or a number may be split across reads anywhere.
 *
 * Positions are indices into the buffer passed to [scan]; the caller may move the unscanned bytes to another
 * buffer between calls, as long as it passes their new position. Not thread safe.
 *
 * With [afterElement], the scan starts inside the array, just after an element: at a top-level comma (or the
 * closing bracket), as when the text before was cut off at a comma known to be at the top level.
 */
internal class ByteOutlineScanner(private val listener: Listener, afterElement: Boolean = false) {
    interface Listener {
        /** The opening bracket of the array, at [pos]. */
        fun arrayStart(pos: Int)

        fun elementStart(pos: Int)

        fun elementEnd(pos: Int)

        /** A top-level comma at [pos]; returning true stops [scan] just after it. */
        fun comma(pos: Int): Boolean

        /** The closing bracket of the array, at [pos]. */
        fun arrayEnd(pos: Int)
    }

    private var state = if (afterElement) AFTER_VALUE else BEFORE_ARRAY
    private var escaped = false
    private var openers = ByteArray(16)
    private var depth = 0

    /** What is wrong, once the outline is broken; then [failurePos] says where, and [failureInElement]. */
    var failure: String? = null
        private set
    var failurePos: Int = -1
        private set
    var failureInElement: Boolean = false
        private set

    /** Whether the array has been closed (only whitespace may follow). */
    val arrayClosed: Boolean get() = state == AFTER_ARRAY

    /**
     * Scans `buf[from, to)`; returns where it stopped: [to], just after a comma the listener cut at, or at a
     * failure.
     */
    fun scan(buf: ByteArray, from: Int, to: Int): Int {
        var i = from
        while (i < to && failure == null) {
            when (state) {
                IN_STRING -> i = string(buf, i, to)

                IN_STRUCTURE -> i = structure(buf, i, to)

                IN_LITERAL -> i = literal(buf, i, to)

                else -> {
                    val b = buf[i]
                    if (isWhitespace(b)) {
                        i++
                        continue
                    }
                    when (state) {
                        BEFORE_ARRAY -> if (b == '['.code.toByte()) {
                            listener.arrayStart(i)
                            state = FIRST_VALUE
                            i++
                        } else {
                            return fail(i, "Expected start of the array '[', but had '${describe(b)}' instead", false)
                        }

                        FIRST_VALUE -> if (b == ']'.code.toByte()) {
                            listener.arrayEnd(i)
                            state = AFTER_ARRAY
                            i++
                        } else {
                            i = startValue(buf, i)
                        }

                        VALUE -> i = startValue(buf, i)

                        AFTER_VALUE -> when (b) {
                            ','.code.toByte() -> {
                                state = VALUE
                                if (listener.comma(i)) return i + 1
                                i++
                            }

                            ']'.code.toByte() -> {
                                listener.arrayEnd(i)
                                state = AFTER_ARRAY
                                i++
                            }

                            else -> {
                                val what = "Expected comma ',' or end of the array ']', " +
                                    "but had '${describe(b)}' instead"
                                return fail(i, what, false)
                            }
                        }

                        AFTER_ARRAY ->
                            return fail(i, "Expected EOF after parsing, but had '${describe(b)}' instead", false)
                    }
                }
            }
        }
        return if (failure != null) failurePos else i
    }

    /** The input ended at [end]: a literal there ends its element; anything else unfinished is a failure. */
    fun finish(end: Int) {
        if (failure != null) return
        when (state) {
            AFTER_ARRAY -> return

            IN_LITERAL -> {
                listener.elementEnd(end)
                state = AFTER_VALUE
            }
        }
        when (state) {
            BEFORE_ARRAY -> fail(end, "Expected start of the array '[', but had 'EOF' instead", false)
            IN_STRING, IN_STRUCTURE -> fail(end, "Unexpected end of input inside an element", true)
            else -> fail(end, "Expected end of the array ']', but had 'EOF' instead", false)
        }
    }

    private fun fail(pos: Int, what: String, inElement: Boolean): Int {
        failure = what
        failurePos = pos
        failureInElement = inElement
        return pos
    }

    private fun startValue(buf: ByteArray, i: Int): Int {
        val b = buf[i]
        if (b == ','.code.toByte() || b == ']'.code.toByte() || b == '}'.code.toByte()) {
            return fail(i, "Expected a value, but had '${describe(b)}' instead", false)
        }
        listener.elementStart(i)
        when (b) {
            '"'.code.toByte() -> state = IN_STRING

            '{'.code.toByte(), '['.code.toByte() -> {
                openers[0] = b
                depth = 1
                state = IN_STRUCTURE
            }

            else -> {
                if (!isLiteral(b)) return fail(i, "Expected a value, but had '${describe(b)}' instead", true)
                state = IN_LITERAL
            }
        }
        return i + 1
    }

    /** Inside a string, at its top level or nested: up to and past its closing quote, or to [to]. */
    private fun string(buf: ByteArray, from: Int, to: Int): Int {
        var i = from
        if (escaped) {
            escaped = false
            i++
        }
        val end = skipString(buf, i, to)
        if (end < 0) return to
        if (depth == 0) {
            listener.elementEnd(end)
            state = AFTER_VALUE
        } else {
            state = IN_STRUCTURE
        }
        return end
    }

    /**
     * Just past the closing quote of the string whose contents start at [from], or -1 when `buf[from, to)` ends
     * first (then [escaped] says whether it ended on a backslash). Looks at eight bytes at a time for a quote or
     * a backslash: most of a JSON text's bytes are inside strings.
     */
    private fun skipString(buf: ByteArray, from: Int, to: Int): Int {
        var i = from
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
            while (i < to && buf[i] != QUOTE && buf[i] != BACKSLASH) i++
            if (i == to) return -1
            if (buf[i] == QUOTE) return i + 1
            if (i + 1 == to) {
                escaped = true
                return -1
            }
            i += 2
        }
        return -1
    }

    /** Inside an object or array element, outside strings: up to the element's end, or [to]; strings skipped here. */
    private fun structure(buf: ByteArray, from: Int, to: Int): Int {
        var i = from
        while (i < to) {
            val b = buf[i]
            if (STRUCTURAL[b.toInt() and 0xFF]) {
                when (b) {
                    QUOTE -> {
                        val end = skipString(buf, i + 1, to)
                        if (end < 0) {
                            state = IN_STRING
                            return to
                        }
                        i = end
                        continue
                    }

                    '{'.code.toByte(), '['.code.toByte() -> {
                        if (depth == openers.size) openers = openers.copyOf(depth * 2)
                        openers[depth++] = b
                    }

                    '}'.code.toByte(), ']'.code.toByte() -> {
                        val opener = if (b == '}'.code.toByte()) '{'.code.toByte() else '['.code.toByte()
                        if (openers[--depth] != opener) {
                            return fail(i, "Unexpected '${describe(b)}' closing '${describe(openers[depth])}'", true)
                        }
                        if (depth == 0) {
                            listener.elementEnd(i + 1)
                            state = AFTER_VALUE
                            return i + 1
                        }
                    }

                    else -> return fail(i, "Unexpected '${describe(b)}' outside a string", true)
                }
            }
            i++
        }
        return i
    }

    private fun literal(buf: ByteArray, from: Int, to: Int): Int {
        var i = from
        while (i < to && isLiteral(buf[i])) i++
        if (i < to) {
            listener.elementEnd(i)
            state = AFTER_VALUE
        }
        return i
    }

    private companion object {
        const val BEFORE_ARRAY = 0
        const val FIRST_VALUE = 1
        const val VALUE = 2
        const val AFTER_VALUE = 3
        const val AFTER_ARRAY = 4
        const val IN_STRING = 5
        const val IN_STRUCTURE = 6
        const val IN_LITERAL = 7

        /**
         * The bytes kotlinx reads as one literal (its token class `TC_OTHER`): all but control characters, JSON
         * whitespace and `,:{}[]"\`, bytes of multi-byte characters included. A literal is cut where kotlinx cuts
         * it, so junk stuck to a number (`2.0e-3_0`, `5<9`) stays in its element and fails there, as in kotlinx,
         * instead of leaving a valid prefix to decode as an element.
         */
        val LITERAL = BooleanArray(256).also { table ->
            for (b in 0x21..0xFF) table[b] = true
            for (c in ",:{}[]\"\\") table[c.code] = false
        }

        const val QUOTE = '"'.code.toByte()
        const val BACKSLASH = '\\'.code.toByte()

        /**
         * The bytes [structure] stops at; the others (`:`, `,`, digits, letters, whitespace) it steps over. `'` and
         * `/` are among the others: a strict `Json` reads them as part of a literal (a `JsonElement` tree takes
         * `/*c*/true` as one), so whether they are wrong is the engine's to say, not the outline's.
         */
        val STRUCTURAL = BooleanArray(256).also { table ->
            for (c in "\"{}[]") table[c.code] = true
        }

        val LONGS: VarHandle = MethodHandles.byteArrayViewVarHandle(LongArray::class.java, ByteOrder.LITTLE_ENDIAN)
        const val QUOTES = 0x2222222222222222L
        const val BACKSLASHES = 0x5C5C5C5C5C5C5C5CL
        const val ONES = 0x0101010101010101L
        const val HIGHS = -0x7F7F7F7F7F7F7F80L // 0x8080808080808080

        /**
         * The high bit of each byte of [word] that equals the byte repeated in [pattern], exact from the lowest
         * byte up to the first such byte (a higher byte may be flagged falsely): enough to find the first one.
         */
        fun bytesEqual(word: Long, pattern: Long): Long {
            val x = word xor pattern
            return (x - ONES) and x.inv() and HIGHS
        }

        fun isLiteral(b: Byte): Boolean = LITERAL[b.toInt() and 0xFF]

        fun describe(b: Byte): String =
            if (b in 32..126) b.toInt().toChar().toString() else "\\x%02x".format(b.toInt() and 0xFF)
    }
}

/** Whether [b] is JSON whitespace (space, line feed, carriage return, tab). */
internal fun isWhitespace(b: Byte): Boolean =
    b == ' '.code.toByte() || b == '\n'.code.toByte() || b == '\r'.code.toByte() || b == '\t'.code.toByte()
