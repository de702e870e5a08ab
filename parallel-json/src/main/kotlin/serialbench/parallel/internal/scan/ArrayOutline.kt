package serialbench.parallel.internal.scan

/**
 * Reads and verifies the outline of a JSON array text, `ws [ ws element (ws , ws element)* ws ] ws`, without
 * parsing the elements (see `ParallelJsonArrays` for the vocabulary).
 *
 * The outline is checked strictly: only JSON whitespace, exactly one comma between elements, each element
 * one whole value (a string, an object or array with matching brackets, or a run of the characters numbers
 * and literals are made of). Inside an element only strings and brackets are followed; a `'`, `/` or `\` outside
 * a string, which only a lenient parser reads as structure (quotes, comments, an escape in an unquoted name, such as
 * fastjson2's `{\"k:1}`, whose quote this scan would take for the start of a string), counts as a broken outline,
 * so that such a text goes to the engine whole.
 */
internal object ArrayOutline {
    /** What [scan] returns for a broken outline. */
    const val BROKEN = -1

    fun isWhitespace(c: Char): Boolean = c == ' ' || c == '\n' || c == '\r' || c == '\t'

    /**
     * The range `[start, end)` strictly between the outer brackets of `text[from, to)`, trimmed of whitespace, or
     * null when that text does not begin with the [brackets]' opener and end with their closer (whitespace aside).
     */
    fun content(
        text: CharSequence,
        from: Int = 0,
        to: Int = text.length,
        brackets: Brackets = Brackets.ARRAY,
    ): IntRange? {
        var first = from
        while (first < to && isWhitespace(text[first])) first++
        var last = to - 1
        while (last >= from && isWhitespace(text[last])) last--
        if (first >= last || text[first] != brackets.open || text[last] != brackets.close) return null
        var start = first + 1
        while (start < last && isWhitespace(text[start])) start++
        var end = last
        while (end > start && isWhitespace(text[end - 1])) end--
        return start until end
    }

    /**
     * The number of elements in `text[start, end)` when it holds `ws element (ws , ws element)* ws`, 0 when it
     * holds only whitespace, or [BROKEN]. Calls [onComma] with the index of each top-level comma and the
     * number of elements before it. The elements of an object's content ([Brackets.OBJECT]) are its members,
     * `string ws : ws value`.
     */
    inline fun scan(
        text: String,
        start: Int,
        end: Int,
        brackets: Brackets = Brackets.ARRAY,
        onComma: (comma: Int, elementsBefore: Int) -> Unit,
    ): Int {
        val first = skipWhitespace(text, start, end)
        if (first == end) return 0
        val read = readElements(text, first, end, brackets, onComma)
        return if (read == BROKEN.toLong() || stoppedAt(read) != end) BROKEN else elementsRead(read)
    }

    /**
     * Reads `element (ws , ws element)*` from [first], an element's start, calling [onComma] with each top-level comma
     * and the number of elements before it: where the reading stopped ([stoppedAt]: [end], or the first character
     * after the last element and its whitespace that is not a comma) and the elements read ([elementsRead]), in one
     * value, or [BROKEN] where an element is broken or a comma is followed by nothing.
     */
    @PublishedApi
    internal inline fun readElements(
        text: String,
        first: Int,
        end: Int,
        brackets: Brackets,
        onComma: (comma: Int, elementsBefore: Int) -> Unit,
    ): Long {
        var i = first
        var elements = 0
        while (true) {
            i = if (brackets == Brackets.OBJECT) memberEnd(text, i, end) else valueEnd(text, i, end)
            if (i < 0) return BROKEN.toLong()
            elements++
            i = skipWhitespace(text, i, end)
            if (i == end || text[i] != ',') return (i.toLong() shl Int.SIZE_BITS) or elements.toLong()
            onComma(i, elements)
            i = skipWhitespace(text, i + 1, end)
            if (i == end) return BROKEN.toLong()
        }
    }

    /** Where [readElements] stopped, from its [read] result. */
    @PublishedApi
    internal fun stoppedAt(read: Long): Int = (read ushr Int.SIZE_BITS).toInt()

    /** How many elements [readElements] read, from its [read] result. */
    @PublishedApi
    internal fun elementsRead(read: Long): Int = read.toInt()

    /**
     * Up to `slices - 1` exact cuts of [content], near evenly spaced offsets, with the number of elements before
     * each, or null when the outline is broken: then only the engine can say what is wrong.
     */
    fun exactCuts(text: String, content: IntRange, slices: Int, brackets: Brackets = Brackets.ARRAY): ExactCuts? {
        val commas = CommaSample()
        val total = scan(text, content.first, content.last + 1, brackets) { comma, before -> commas.add(comma, before) }
        if (total == BROKEN) return null
        commas.total = total
        return commas.cuts().spaced(content.first, content.last + 1, slices)
    }

    /** Cuts found by a full scan: [elementsBefore] each cut, and the [total] number of elements. */
    class ExactCuts(val cuts: IntArray, val elementsBefore: IntArray, val total: Int) {
        /** Up to `slices - 1` of these cuts, near evenly spaced offsets of the content `[start, end)`. */
        fun spaced(start: Int, end: Int, slices: Int): ExactCuts {
            val step = maxOf(1, (end - start) / maxOf(slices, 1))
            val taken = IntArray(minOf(maxOf(slices - 1, 0), cuts.size))
            val takenBefore = IntArray(taken.size)
            var found = 0
            var nextTarget = start + step
            for (i in cuts.indices) {
                if (found == taken.size) break
                if (cuts[i] >= nextTarget) {
                    taken[found] = cuts[i]
                    takenBefore[found++] = elementsBefore[i]
                    nextTarget = cuts[i] + step
                }
            }
            return ExactCuts(taken.copyOf(found), takenBefore.copyOf(found), total)
        }
    }

    /**
     * Index just after the array (or object, by [brackets]) opening at [open], read element by element with its
     * top-level commas sampled into [commas], or [BROKEN] where its outline is not `ws element (ws , ws element)* ws`
     * (where [valueEnd] may still find its end by its brackets).
     */
    fun elementsEnd(text: String, open: Int, end: Int, brackets: Brackets, commas: CommaSample): Int {
        val first = skipWhitespace(text, open + 1, end)
        if (first == end) return BROKEN
        if (text[first] == brackets.close) {
            commas.total = 0
            return first + 1
        }
        val read = readElements(text, first, end, brackets) { comma, before -> commas.add(comma, before) }
        if (read == BROKEN.toLong()) return BROKEN
        val stop = stoppedAt(read)
        if (stop == end || text[stop] != brackets.close) return BROKEN
        commas.total = elementsRead(read)
        return stop + 1
    }

    fun skipWhitespace(text: String, from: Int, end: Int): Int {
        var i = from
        while (i < end && isWhitespace(text[i])) i++
        return i
    }

    /** Index just after the member `string ws : ws value` starting at [start], or [BROKEN]. */
    fun memberEnd(text: String, start: Int, end: Int): Int {
        if (text[start] != '"') return BROKEN
        val keyEnd = valueEnd(text, start, end)
        if (keyEnd < 0) return BROKEN
        val colon = skipWhitespace(text, keyEnd, end)
        if (colon == end || text[colon] != ':') return BROKEN
        val value = skipWhitespace(text, colon + 1, end)
        return if (value == end) BROKEN else valueEnd(text, value, end)
    }

    /** Index just after the value starting at [start], or [BROKEN]. */
    fun valueEnd(text: String, start: Int, end: Int): Int = when (text[start]) {
        '"' -> closingQuote(text, start + 1, end).let { if (it < 0) BROKEN else it + 1 }

        '{', '[' -> structureEnd(text, start, end)

        else -> {
            var i = start
            while (i < end && isLiteralChar(text[i])) i++
            if (i == start) BROKEN else i
        }
    }

    /** Characters of numbers and of `true`, `false`, `null` (and of the special floats some engines allow). */
    private fun isLiteralChar(c: Char): Boolean =
        c in 'a'..'z' || c in 'A'..'Z' || c in '0'..'9' || c == '-' || c == '+' || c == '.'

    /** Whether `text[from, to)` is an array (or object) whose outline is plain JSON. */
    fun isPlain(text: String, from: Int, to: Int, brackets: Brackets): Boolean {
        val content = content(text, from, to, brackets) ?: return false
        return scan(text, content.first, content.last + 1, brackets) { _, _ -> } != BROKEN
    }

    /**
     * Index just after the object or array opening at [start], with matching brackets, or [BROKEN]. Most characters
     * of a text are in its strings, and most strings are short: they are read here character by character, and a
     * longer one by [closingQuote].
     */
    fun structureEnd(text: String, start: Int, end: Int): Int {
        var openers = CharArray(16)
        var depth = 0
        var i = start
        while (i < end) {
            val c = text[i]
            if (c.code < STRUCTURAL.size && STRUCTURAL[c.code]) {
                when (c) {
                    '"' -> {
                        i = closingQuote(text, i + 1, end)
                        if (i < 0) return BROKEN
                    }

                    '{', '[' -> {
                        if (depth == openers.size) openers = openers.copyOf(depth * 2)
                        openers[depth++] = c
                    }

                    '}', ']' -> {
                        if (openers[--depth] != (if (c == '}') '{' else '[')) return BROKEN
                        if (depth == 0) return i + 1
                    }

                    else -> return BROKEN
                }
            }
            i++
        }
        return BROKEN
    }

    /**
     * Index of the quote closing a string whose contents start at [from], or -1: its first [SHORT_STRING_CHARS]
     * characters one by one, then by `indexOf`, which is faster on a long run without quotes.
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

    /**
     * The characters [structureEnd] stops at inside an element: strings, brackets, and what only a lenient engine
     * reads as structure (see above).
     */
    private val STRUCTURAL = BooleanArray(128).also { table ->
        for (c in "\"{}[]'/\\") table[c.code] = true
    }
}
