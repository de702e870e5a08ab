package serialbench.parallel.internal.scan

/**
 * Reads the outline of a JSON document down to its large arrays and objects: the *places* that are split (see
 * `Documents`). It follows the objects on the way, member by member, as [Step] says for each member, and skips
 * every other value by its brackets and strings only ([ArrayOutline.valueEnd]).
 *
 * The outline is given up (null) where it is not plain JSON, where an object on the way repeats a key or has a
 * key with an escape (so that a key's text is its name), or where it nests too deep: the document then goes
 * through `Json` whole, which gives its own result or error.
 */
internal class DocumentOutline<C : Any>(
    private val text: String,
    private val minPlaceChars: Int,
    private val steps: Step<C>,
    private val endGuesses: GuessMisses? = null,
) {
    /** How a document's members are followed, from the [C] that says what an object is (a class, or any object). */
    interface Step<C : Any> {
        /** What the value of member [key] of an object read as [context] is: null when it is not followed. */
        fun member(context: C, key: String): Member<C>?

        /**
         * The key of an object read as [context] that holds no place, when it is one itself: an object of [members]
         * members (a map). How a tree tells a large map from a wrapper of large values; null by default.
         */
        fun objectPlaceKey(context: C, members: Int): Any? = null

        /**
         * The key under which an object read as [context] is a place when its end can be guessed ([GuessedCuts.end]):
         * a large object whose last members are shaped like its first (a map). Null by default.
         */
        fun guessedObjectKey(context: C): Any? = null
    }

    /** A member's value as the [Step] sees it: an object to follow with [context], or a place of [brackets]. */
    class Member<C : Any>(val context: C?, val brackets: Brackets?, val key: Any?)

    /**
     * A large array or object at [path] (member names from the root), `text[start, end)`, split with [key]; its end
     * [guessed] (from the text's end, [GuessedCuts.end], or before its [follower], [GuessedCuts.endBefore]) or read,
     * and when read element by element, its top-level [commas] (a sample).
     */
    class Place(
        val path: List<String>,
        val start: Int,
        val end: Int,
        val brackets: Brackets,
        val key: Any,
        val guessed: Boolean = false,
        val commas: ArrayOutline.ExactCuts? = null,
        val follower: String? = null,
    ) {
        val chars: Int get() = end - start

        companion object {
            /** The whole of [text], a list or map of [brackets] read with [key]: the place of no document. */
            fun whole(text: String, brackets: Brackets, key: Any) = Place(emptyList(), 0, text.length, brackets, key)
        }
    }

    private val places = ArrayList<Place>()
    private var depth = 0

    /** The places of the document whose root object is read as [root], in text order, or null (see above). */
    fun places(root: C): List<Place>? = try {
        val start = ArrayOutline.skipWhitespace(text, 0, text.length)
        if (start == text.length || text[start] != '{') {
            null
        } else {
            val end = objectEnd(start, root, emptyList())
            if (end < 0 || ArrayOutline.skipWhitespace(text, end, text.length) != text.length) null else places
        }
    } catch (_: StackOverflowError) {
        null
    }

    /** Index just after the object at [open], read as [context], with its places added; [BROKEN] if given up. */
    private fun objectEnd(open: Int, context: C, path: List<String>): Int {
        if (++depth > MAX_DEPTH) return BROKEN
        val placesBefore = places.size
        val end = text.length
        var i = ArrayOutline.skipWhitespace(text, open + 1, end)
        if (i < end && text[i] == '}') return (i + 1).also { depth-- }
        val keys = HashSet<String>()
        var members = 0
        // A place read to its end here, whose follower (the next member's key) is learned for later guesses.
        var readPlace: Place? = null
        while (true) {
            if (i >= end || text[i] != '"') return BROKEN
            val quote = ArrayOutline.closingQuote(text, i + 1, end)
            if (quote < 0) return BROKEN
            val key = text.substring(i + 1, quote)
            if (key.indexOf('\\') >= 0 || !keys.add(key)) return BROKEN
            readPlace?.let { endGuesses?.followedBy(it.key, it.path, key) }
            readPlace = null
            val colon = ArrayOutline.skipWhitespace(text, quote + 1, end)
            if (colon == end || text[colon] != ':') return BROKEN
            val value = ArrayOutline.skipWhitespace(text, colon + 1, end)
            if (value == end) return BROKEN
            val member = steps.member(context, key)
            // A value that closes within minPlaceChars holds no place: skipped, neither followed nor guessed.
            val small = if (member != null) smallStructureEnd(value) else BROKEN
            val child = member?.context
            val brackets = member?.brackets
            val objectKey = if (child != null && text[value] == '{') steps.guessedObjectKey(child) else null
            val placeBrackets = if (objectKey != null) Brackets.OBJECT else brackets
            val placeKey = objectKey ?: member?.key
            // A large value's end is guessed from the text's end until that missed here, then before its follower.
            var follower: String? = null
            val guessed = if (small < 0 && placeBrackets != null && text[value] == placeBrackets.open &&
                endGuesses != null
            ) {
                val at = path + key
                if (endGuesses.guesses(placeKey!!, at)) {
                    GuessedCuts.end(text, value, placeBrackets, path.size + 1)
                } else {
                    follower = endGuesses.follower(placeKey, at)
                    follower?.let { GuessedCuts.endBefore(text, value, placeBrackets, it) } ?: BROKEN
                }
            } else {
                BROKEN
            }
            // A place read here, element by element, hands its commas on: its slices need no second reading.
            val commas = if (small < 0 && guessed < 0 && brackets != null && text[value] == brackets.open &&
                (child == null || text[value] != '{')
            ) {
                CommaSample()
            } else {
                null
            }
            val read = if (commas != null) ArrayOutline.elementsEnd(text, value, end, brackets!!, commas) else BROKEN
            val valueEnd = when {
                small >= 0 -> small
                guessed >= 0 -> guessed
                read >= 0 -> read
                child != null && text[value] == '{' -> objectEnd(value, child, path + key)
                else -> ArrayOutline.valueEnd(text, value, end)
            }
            if (valueEnd < 0) return BROKEN
            if (guessed >= 0 && valueEnd - value >= minPlaceChars) {
                places += Place(
                    path + key,
                    value,
                    valueEnd,
                    placeBrackets!!,
                    placeKey!!,
                    guessed = true,
                    follower = follower,
                )
            } else if (brackets != null && text[value] == brackets.open && valueEnd - value >= minPlaceChars) {
                val cuts = if (read >= 0) commas!!.cuts() else null
                places += Place(path + key, value, valueEnd, brackets, member.key!!, commas = cuts)
                readPlace = places.last()
            }
            members++
            i = ArrayOutline.skipWhitespace(text, valueEnd, end)
            if (i == end) return BROKEN
            when (text[i]) {
                ',' -> i = ArrayOutline.skipWhitespace(text, i + 1, end)

                '}' -> {
                    depth--
                    val objectEnd = i + 1
                    val key = if (places.size == placesBefore && path.isNotEmpty() &&
                        objectEnd - open >= minPlaceChars
                    ) {
                        steps.objectPlaceKey(context, members)
                    } else {
                        null
                    }
                    if (key != null) places += Place(path, open, objectEnd, Brackets.OBJECT, key)
                    return objectEnd
                }

                else -> return BROKEN
            }
        }
    }

    /** The end of the array or object at [value] when it closes within [minPlaceChars] characters, else [BROKEN]. */
    private fun smallStructureEnd(value: Int): Int {
        val c = text[value]
        if (c != '{' && c != '[') return BROKEN
        return ArrayOutline.structureEnd(text, value, minOf(text.length, value + minPlaceChars))
    }

    private companion object {
        const val BROKEN = ArrayOutline.BROKEN

        /** Objects nested deeper than this on the way to a place are not followed. */
        const val MAX_DEPTH = 64
    }
}
