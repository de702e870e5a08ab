package serialbench.parallel

/**
 * Reads the outline of a JSON array text, `ws [ element (, element)* ] ws`, without parsing the elements.
 *
 * Nothing here decides whether a text is valid: a wrong answer only costs a fallback in [ParallelJsonArrays],
 * because every guessed slice is decoded by the real engine, and a slice that does not start and end on
 * top-level element boundaries cannot decode.
 */
internal object JsonArrayText {
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
     * Guesses up to `pieces - 1` positions of top-level commas in [content], near evenly spaced offsets,
     * by looking only at the characters around each comma: the element that follows must start like the
     * first element does, and an object or array element must be closed just before the comma. Fast
     * (it skips most of the text) but may pick a comma inside a string or a nested structure.
     */
    fun guessCommas(text: String, content: IntRange, pieces: Int): IntArray {
        if (pieces < 2 || content.isEmpty()) return IntArray(0)
        val start = content.first
        val end = content.last + 1
        val opener = text[start]
        val closer = when (opener) {
            '{' -> '}'
            '[' -> ']'
            '"' -> '"'
            else -> null
        }
        val step = (end - start) / pieces
        val commas = IntArray(pieces - 1)
        var found = 0
        var from = start + 1
        for (piece in 1 until pieces) {
            var pos = maxOf(from, start + piece * step)
            while (true) {
                val comma = text.indexOf(',', pos)
                if (comma < 0 || comma >= end) return commas.copyOf(found)
                pos = comma + 1
                if (closer != null && (text[nextNonWhitespace(text, comma + 1, end)] != opener ||
                        text[previousNonWhitespace(text, comma - 1, start)] != closer)
                ) continue
                commas[found++] = comma
                from = comma + 1
                break
            }
        }
        return commas.copyOf(found)
    }

    /**
     * Finds up to `pieces - 1` top-level commas of [content] exactly, near evenly spaced offsets, in one
     * pass that jumps over string contents and tracks nesting. Returns null when the outline is broken
     * (an unterminated string, unbalanced brackets): then only the engine can say what is wrong.
     */
    fun exactCommas(text: String, content: IntRange, pieces: Int): IntArray? {
        if (content.isEmpty()) return IntArray(0)
        val start = content.first
        val end = content.last + 1
        val step = maxOf(1, (end - start) / maxOf(pieces, 1))
        val commas = IntArray(maxOf(pieces - 1, 0))
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
                ',' -> if (depth == 0 && i >= nextTarget && found < commas.size) {
                    commas[found++] = i
                    nextTarget = i + step
                }
            }
            i++
        }
        return if (depth == 0) commas.copyOf(found) else null
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

    private fun nextNonWhitespace(text: String, from: Int, end: Int): Int {
        var i = from
        while (i < end - 1 && isWhitespace(text[i])) i++
        return i
    }

    private fun previousNonWhitespace(text: String, from: Int, start: Int): Int {
        var i = from
        while (i > start && isWhitespace(text[i])) i--
        return i
    }
}
