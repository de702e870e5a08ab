package serialbench.parallel.internal.scan

/**
 * How the elements of a large array or object start and end, learned from its first: a cut or an end is guessed
 * only at a comma between an element that ends like the first (its closing bracket or quote) and one that starts
 * like it. In an array of objects an element starts with its first key (`{"id":`); in an object (a map) with a key,
 * then the value's start as the first value's (`"sku-7":{"name":`); an array or a string by its first character; a
 * number or a literal by nothing (numbers do not start alike, and hold no comma). The whitespace before the element
 * is the first's too: in a pretty printed text its indentation, which tells its elements from those of the lists and
 * objects nested in them. Commas between the objects of a nested list, or between the members of a nested object,
 * rarely pass. Guesses are still proved by decoding: this only makes them right more often.
 */
internal class ElementShape private constructor(
    /** Where the first element ends. */
    val firstEnd: Int,
    private val leading: String,
    private val head: String,
    private val brackets: Brackets,
    private val closer: Char?,
) {
    /**
     * How many characters after a comma [fitsCut] may look at, when the element's whitespace is as the first's and
     * its first key is no longer than [MAX_KEY]: a reader of a stream waits for that many before it decides.
     */
    val lookaheadChars: Int get() = leading.length + head.length + if (brackets == Brackets.OBJECT) MAX_KEY + 4 else 2

    /**
     * Whether a cut at [comma] fits the shape: the element before it, whitespace aside, ends as the first did, and
     * the one after it starts like the first, after the same whitespace; nothing before [from] is looked at. [text]
     * is a string, or a stream's bytes as characters ([ByteChars]); a text that ends too soon does not fit.
     */
    fun fitsCut(text: CharSequence, comma: Int, from: Int): Boolean {
        if (closer != null) {
            var previous = comma - 1
            while (previous > from && ArrayOutline.isWhitespace(text[previous])) previous--
            if (text[previous] != closer) return false
        }
        return startsElement(text, skipWhitespace(text, comma + 1))
    }

    /** Whether an element that starts at [at] starts like the first one, after the same whitespace. */
    private fun startsElement(text: CharSequence, at: Int): Boolean {
        val whitespace = at - leading.length
        if (whitespace <= 0 || !text.startsWith(leading, whitespace) ||
            ArrayOutline.isWhitespace(text[whitespace - 1])
        ) {
            return false
        }
        if (brackets == Brackets.ARRAY) return text.startsWith(head, at)
        if (at >= text.length || text[at] != '"') return false
        val quote = text.indexOf('"', at + 1)
        if (quote < 0 || quote - at > MAX_KEY || hasBackslash(text, at, quote)) return false
        val colon = skipWhitespace(text, quote + 1)
        if (colon >= text.length || text[colon] != ':') return false
        return text.startsWith(head, skipWhitespace(text, colon + 1))
    }

    companion object {
        private const val MAX_KEY = 64

        private fun hasBackslash(text: CharSequence, from: Int, to: Int): Boolean {
            for (i in from until to) if (text[i] == '\\') return true
            return false
        }

        private fun skipWhitespace(text: CharSequence, from: Int): Int {
            var i = from
            while (i < text.length && ArrayOutline.isWhitespace(text[i])) i++
            return i
        }

        /**
         * The shape of the elements of the array or object whose first element starts at [first], or null when that
         * element is not one whole value (or member) before [end].
         */
        fun of(text: String, first: Int, end: Int, brackets: Brackets): ElementShape? {
            if (first >= end) return null
            val firstEnd = if (brackets == Brackets.OBJECT) {
                ArrayOutline.memberEnd(text, first, end)
            } else {
                ArrayOutline.valueEnd(text, first, end)
            }
            if (firstEnd < 0) return null
            val value = if (brackets == Brackets.OBJECT) {
                val quote = ArrayOutline.closingQuote(text, first + 1, end)
                ArrayOutline.skipWhitespace(text, ArrayOutline.skipWhitespace(text, quote + 1, end) + 1, end)
            } else {
                first
            }
            var leading = first
            while (leading > 0 && ArrayOutline.isWhitespace(text[leading - 1])) leading--
            val closer = text[firstEnd - 1].takeIf { it == '}' || it == ']' || it == '"' }
            return ElementShape(firstEnd, text.substring(leading, first), valueHead(text, value, end), brackets, closer)
        }

        /**
         * An object's start up to its first key's colon (whitespace included), when that key is short and plain; a
         * number's or literal's nothing (any element may follow); else the first character.
         */
        private fun valueHead(text: String, value: Int, end: Int): String {
            if (text[value] != '{' && text[value] != '[' && text[value] != '"') return ""
            val key = ArrayOutline.skipWhitespace(text, value + 1, minOf(end, value + MAX_KEY))
            if (text[value] != '{' || key >= end || text[key] != '"') return text[value].toString()
            val quote = text.indexOf('"', key + 1)
            if (quote < 0 || quote >= end || quote - value > MAX_KEY || hasBackslash(text, value, quote)) {
                return text[value].toString()
            }
            if (quote + 1 >= end || text[quote + 1] != ':') return text[value].toString()
            return text.substring(value, quote + 2)
        }
    }
}
