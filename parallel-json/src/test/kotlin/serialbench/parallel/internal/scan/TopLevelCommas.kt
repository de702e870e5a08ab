package serialbench.parallel.internal.scan

/** Every top-level comma of [content] in [text], with the number of elements before it, or null when broken. */
internal fun topLevelCommas(text: String, content: IntRange, brackets: Brackets = Brackets.ARRAY): Map<Int, Int>? {
    val commas = LinkedHashMap<Int, Int>()
    val listener = object : OutlineScanner.Listener {
        override fun comma(pos: Int, elementsBefore: Int): Boolean {
            commas[pos] = elementsBefore
            return false
        }
    }
    return if (ArrayOutline.scan(text, content.first, content.last + 1, brackets, listener) < 0) null else commas
}
