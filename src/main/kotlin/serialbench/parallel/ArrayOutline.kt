package serialbench.parallel

/**
 * Reads the outline of a JSON array text, `ws [ element (, element)* ] ws`, without parsing the elements
 * (see [ParallelJsonArrays] for the vocabulary).
 *
 * Nothing here decides whether a text is valid: a wrong answer only costs a fallback in [DecodeLadder],
 * because every slice is decoded by the real engine, and a slice that does not start and end on
 * top-level element boundaries cannot decode.
 */
internal object ArrayOutline {
    fun isWhitespace(c: Char): Boolean = c == ' ' || c == '\n' || c == '\r' || c == '\t'

    /**
     * The range `[start, end)` strictly between the outer brackets, trimmed of whitespace, or null when the
     * text does not begin with `[` and end with `]` (whitespace aside).
     */
    fun content(text: CharSequence): IntRange? {
        var first = 0
        while (first < text.length && isWhitespace(text[first])) first++
        var last = text.length - 1
        while (last >= 0 && isWhitespace(text[last])) last--
        if (first >= last || text[first] != '[' || text[last] != ']') return null
        var start = first + 1
        while (start < last && isWhitespace(text[start])) start++
        var end = last
        while (end > start && isWhitespace(text[end - 1])) end--
        return start until end
    }

    /**
     * Finds up to `slices - 1` exact cuts of [content], near evenly spaced offsets, in one pass that jumps
     * over string contents and tracks nesting. Returns null when the outline is broken (an unterminated
     * string, unbalanced brackets): then only the engine can say what is wrong.
     */
    fun exactCuts(text: String, content: IntRange, slices: Int): IntArray? {
        if (content.isEmpty()) return IntArray(0)
        val start = content.first
        val end = content.last + 1
        val step = maxOf(1, (end - start) / maxOf(slices, 1))
        val cuts = IntArray(maxOf(slices - 1, 0))
        var found = 0
        var nextTarget = start + step
        var depth = 0
        var i = start
        while (i < end) {
            when (text[i]) {
                '"' -> {
                    i = closingQuote(text, i + 1, end)
                    if (i < 0) return null
                }
                '{', '[' -> depth++
                '}', ']' -> if (--depth < 0) return null
                ',' -> if (depth == 0 && i >= nextTarget && found < cuts.size) {
                    cuts[found++] = i
                    nextTarget = i + step
                }
            }
            i++
        }
        return if (depth == 0) cuts.copyOf(found) else null
    }

    /** Index of the quote closing a string whose contents start at [from], or -1. */
    private fun closingQuote(text: String, from: Int, end: Int): Int {
        var pos = from
        while (true) {
            val quote = text.indexOf('"', pos)
            if (quote < 0 || quote >= end) return -1
            var backslashes = 0
            while (quote - 1 - backslashes >= from && text[quote - 1 - backslashes] == '\\') backslashes++
            if (backslashes % 2 == 0) return quote
            pos = quote + 1
        }
    }
}
