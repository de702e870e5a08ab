package serialbench.parallel.internal.scan

/**
 * Guesses where a large array or object can be cut, or where it ends, from the characters around a comma only (see
 * `ParallelJsonArrays` for the vocabulary): a comma that fits the [ElementShape] of its first element. Fast, since
 * it skips most of the text, but a guess may fall inside a string or a nested structure: decoding proves it, and
 * a guess proved wrong sends the text to exact cuts ([ArrayOutline]).
 */
internal object GuessedCuts {
    /**
     * Up to `slices - 1` positions of commas in [content] that fit its elements' shape, near evenly spaced offsets;
     * null when the shape cannot be learned (then only exact cuts can slice it).
     */
    fun guess(text: String, content: IntRange, slices: Int, brackets: Brackets = Brackets.ARRAY): IntArray? {
        if (slices < 2 || content.isEmpty()) return IntArray(0)
        val start = content.first
        val end = content.last + 1
        val shape = ElementShape.of(text, start, end, brackets) ?: return null
        val step = (end - start) / slices
        val cuts = IntArray(slices - 1)
        var found = 0
        var from = start + 1
        for (slice in 1 until slices) {
            var comma = text.indexOf(',', maxOf(from, start + slice * step))
            while (comma in 0 until end && !shape.fitsCut(text, comma, start)) comma = text.indexOf(',', comma + 1)
            if (comma !in 0 until end) break
            cuts[found++] = comma
            from = comma + 1
        }
        return cuts.copyOf(found)
    }

    /**
     * The end of the large array or object at [open] in [text], a document whose other values around it are the
     * ends of [depth] objects, guessed from its last elements without reading the rest: the last comma within
     * [MAX_GUESS_CHARS] of the end of the text that fits its elements' shape, read forward from there to the closing
     * bracket, and the rest of the text read as the ends of those objects. [ArrayOutline.BROKEN] when no such comma is
     * found among the last few tried.
     *
     * A guess can be wrong (a comma inside the last element, or another large value after this one); then a slice
     * or the rest of the document does not decode, and the document is read again at exact ends, or by `Json`.
     */
    fun end(text: String, open: Int, brackets: Brackets, depth: Int): Int {
        val end = text.length
        val first = ArrayOutline.skipWhitespace(text, open + 1, end)
        if (first >= end || text[first] == brackets.close) return BROKEN
        val shape = ElementShape.of(text, first, end, brackets) ?: return BROKEN
        val limit = maxOf(shape.firstEnd, end - MAX_GUESS_CHARS)
        var comma = text.lastIndexOf(',', end - 1)
        var tries = 0
        while (comma > limit && tries < MAX_GUESSES) {
            val next = ArrayOutline.skipWhitespace(text, comma + 1, end)
            if (next < end && shape.fitsCut(text, comma, shape.firstEnd)) {
                tries++
                val guess = closingEnd(text, comma, brackets, depth)
                if (guess >= 0) return guess
            }
            comma = text.lastIndexOf(',', comma - 1)
        }
        return BROKEN
    }

    /**
     * The end of the large array or object at [open] in [text] guessed before the member [follower] that followed it
     * when it was read to its end: just after the first closing bracket, past [open], that is followed by a comma and
     * that member's quoted key and its colon (whitespace allowed between them). [ArrayOutline.BROKEN] where there is
     * none. Found by searching for the key, not by reading the value, so it can be wrong (the key in a string or in a
     * nested object of the value): decoding proves it, as it proves every guess.
     */
    fun endBefore(text: String, open: Int, brackets: Brackets, follower: String): Int {
        val quoted = "\"" + follower + "\""
        var at = text.indexOf(quoted, open + 1)
        while (at >= 0) {
            val close = closeBefore(text, open, at)
            val colon = ArrayOutline.skipWhitespace(text, at + quoted.length, text.length)
            if (close > open && text[close] == brackets.close && colon < text.length && text[colon] == ':') {
                return close + 1
            }
            at = text.indexOf(quoted, at + 1)
        }
        return BROKEN
    }

    /** The index of the last character before [key] and its comma (whitespace aside), or -1 without that comma. */
    private fun closeBefore(text: String, open: Int, key: Int): Int {
        var i = key - 1
        while (i > open && ArrayOutline.isWhitespace(text[i])) i--
        if (i <= open || text[i] != ',') return -1
        i--
        while (i > open && ArrayOutline.isWhitespace(text[i])) i--
        return i
    }

    /**
     * Reads elements from the [comma] (a top-level comma of the large value) to its closing bracket, then the rest of
     * the text as the ends of [depth] objects; the index just after the closing bracket, or [BROKEN].
     */
    private fun closingEnd(text: String, comma: Int, brackets: Brackets, depth: Int): Int {
        val valueEnd = restEnd(text, comma, brackets)
        var i = valueEnd
        repeat(depth) {
            if (i < 0) return BROKEN
            i = restEnd(text, i, Brackets.OBJECT)
        }
        return if (i >= 0 && ArrayOutline.skipWhitespace(text, i, text.length) == text.length) valueEnd else BROKEN
    }

    /** Just after the closing bracket of the array or object whose elements go on from just after one at [from]. */
    private fun restEnd(text: String, from: Int, brackets: Brackets): Int {
        val scanner = OutlineScanner(start = OutlineScanner.Start.AFTER_ELEMENT, brackets = brackets)
        val stop = scanner.scan(text, from, text.length)
        return if (scanner.arrayClosed) stop else BROKEN
    }

    private const val BROKEN = ArrayOutline.BROKEN

    /** Commas that fit the shape tried from the end of the text before the large value is read whole. */
    private const val MAX_GUESSES = 3

    /**
     * How far from the end of the text an end guess looks: the large value's last element and what follows it. A
     * small value earlier in the document (a list of categories before the catalog) is read forward instead.
     */
    private const val MAX_GUESS_CHARS = 64 * 1024
}
