package serialbench.parallel.internal.scan

/**
 * A text's outline, read by the [OutlineScanner] as any engine may read it ([OutlineReading.ANY_ENGINE]): an
 * array's (or object's) content, `ws element (ws , ws element)* ws`, checked and its elements counted without
 * parsing them; the end of one value or member; and the cuts between elements (see `ParallelJsonArrays` for the
 * vocabulary). A broken outline (anything but JSON's own, or what only a lenient engine reads as structure) is
 * [BROKEN]: such a text goes to the engine whole, which says what is wrong.
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
     * holds only whitespace, or [BROKEN]; each element and top-level comma told to [listener] (a [CommaSample]). The
     * elements of an object's content ([Brackets.OBJECT]) are its members, `string ws : ws value`.
     */
    fun scan(
        text: String,
        start: Int,
        end: Int,
        brackets: Brackets = Brackets.ARRAY,
        listener: OutlineScanner.Listener = OutlineScanner.Listener.NONE,
    ): Int {
        val scanner = OutlineScanner(listener, OutlineScanner.Start.CONTENT, brackets)
        scanner.scan(text, start, end)
        scanner.finish(end)
        return if (scanner.broken) BROKEN else scanner.elements
    }

    /**
     * Up to `slices - 1` exact cuts of [content], near evenly spaced offsets, with the number of elements before
     * each, or null when the outline is broken: then only the engine can say what is wrong.
     */
    fun exactCuts(text: String, content: IntRange, slices: Int, brackets: Brackets = Brackets.ARRAY): ExactCuts? {
        val commas = CommaSample()
        val total = scan(text, content.first, content.last + 1, brackets, commas)
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
        val scanner = OutlineScanner(commas, OutlineScanner.Start.ARRAY, brackets)
        val stop = scanner.scan(text, open, end)
        if (!scanner.arrayClosed) return BROKEN
        commas.total = scanner.elements
        return stop
    }

    fun skipWhitespace(text: String, from: Int, end: Int): Int {
        var i = from
        while (i < end && isWhitespace(text[i])) i++
        return i
    }

    /** Index just after the member `string ws : ws value` starting at [start], or [BROKEN]. */
    fun memberEnd(text: String, start: Int, end: Int): Int = oneValueEnd(text, start, end, Brackets.OBJECT)

    /** Index just after the value starting at [start], or [BROKEN]. */
    fun valueEnd(text: String, start: Int, end: Int): Int = oneValueEnd(text, start, end, Brackets.ARRAY)

    /** Whether `text[from, to)` is an array (or object) whose outline is plain JSON. */
    fun isPlain(text: String, from: Int, to: Int, brackets: Brackets): Boolean {
        val content = content(text, from, to, brackets) ?: return false
        return scan(text, content.first, content.last + 1, brackets) != BROKEN
    }

    /** Index just after the object or array opening at [start], with matching brackets, or [BROKEN]. */
    fun structureEnd(text: String, start: Int, end: Int): Int {
        val c = text[start]
        return if (c == '{' || c == '[') valueEnd(text, start, end) else BROKEN
    }

    /** Index of the quote closing a string whose contents start at [from], or -1. */
    fun closingQuote(text: String, from: Int, end: Int): Int = OutlineScanner.closingQuote(text, from, end)

    /** The element (an array's value, or an object's member, by [brackets]) starting at [start]: just after it. */
    private fun oneValueEnd(text: String, start: Int, end: Int, brackets: Brackets): Int {
        val scanner = OutlineScanner(start = OutlineScanner.Start.VALUE, brackets = brackets)
        val stop = scanner.scan(text, start, end)
        return when {
            scanner.valueRead -> stop
            scanner.inLiteral -> end
            else -> BROKEN
        }
    }
}
