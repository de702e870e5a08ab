package serialbench.parallel.internal.scan

/**
 * Guesses cuts of an array text cheaply, from the characters around a comma only (see `ParallelJsonArrays`
 * for the vocabulary). Fast, since it skips most of the text, but a guess may fall inside a string or a
 * nested structure: `DecodeLadder` then finds that a slice does not decode and moves on to exact cuts.
 */
internal object GuessedCuts {
    /**
     * Up to `slices - 1` positions of commas in [content], near evenly spaced offsets, where the element
     * that follows starts like the first element does and an object or array element is closed just before. In
     * an object ([Brackets.OBJECT]) a member follows (a key's quote) and a value ends before it as the first
     * member's value ends.
     */
    fun guess(text: String, content: IntRange, slices: Int, brackets: Brackets = Brackets.ARRAY): IntArray {
        if (slices < 2 || content.isEmpty()) return IntArray(0)
        val start = content.first
        val end = content.last + 1
        val opener = text[start]
        val closer = if (brackets == Brackets.OBJECT) {
            val firstEnd = ArrayOutline.memberEnd(text, start, end)
            if (firstEnd < 0) return IntArray(0)
            text[firstEnd - 1].takeIf { it == '}' || it == ']' || it == '"' }
        } else {
            when (opener) {
                '{' -> '}'
                '[' -> ']'
                '"' -> '"'
                else -> null
            }
        }
        val head = ElementHead.of(text, start, end, brackets)
        val step = (end - start) / slices
        val cuts = IntArray(slices - 1)
        var found = 0
        var from = start + 1
        for (slice in 1 until slices) {
            var pos = maxOf(from, start + slice * step)
            while (true) {
                val comma = text.indexOf(',', pos)
                if (comma < 0 || comma >= end) return cuts.copyOf(found)
                pos = comma + 1
                val next = nextNonWhitespace(text, comma + 1, end)
                if (closer != null && (
                        text[next] != opener || text[previousNonWhitespace(text, comma - 1, start)] != closer
                        )
                ) {
                    continue
                }
                if (head != null && !head.matches(text, next)) continue
                cuts[found++] = comma
                from = comma + 1
                break
            }
        }
        return cuts.copyOf(found)
    }

    private fun nextNonWhitespace(text: String, from: Int, end: Int): Int {
        var i = from
        while (i < end - 1 && ArrayOutline.isWhitespace(text[i])) i++
        return i
    }

    private fun previousNonWhitespace(text: String, from: Int, start: Int): Int {
        var i = from
        while (i > start && ArrayOutline.isWhitespace(text[i])) i--
        return i
    }
}
