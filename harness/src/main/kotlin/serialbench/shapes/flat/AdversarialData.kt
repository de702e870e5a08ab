package serialbench.shapes.flat

/**
 * Objects that break naive encoders and naive JSON splitters: quotes, backslashes, control characters,
 * `/`, `},{` inside strings, non-ASCII text (Cyrillic, CJK, emoji as surrogate pairs), empty strings,
 * empty lists and the extreme [Int] values.
 */
object AdversarialData {
    val objects: List<TestObject> = listOf(
        TestObject("", 0, emptyList()),
        TestObject("quote\"d", Int.MIN_VALUE, listOf("\"", "\\", "\\\"", "\"\\", "a\"b\\c")),
        TestObject("ctl", Int.MAX_VALUE, listOf("\n", "\r\n", "\t", "\b\u000C", "\u0000", "\u0001\u001F", "\u007F")),
        TestObject("slash/", -1, listOf("/", "</script>", "http://example.com/a/b", "\\/")),
        TestObject("},{", 1, listOf("},{", "[1,2]", "{\"name\":\"x\"}", "],[", "\",\"", "}")),
        TestObject("Привет", 42, listOf("Ёлка", "мир", "")),
        TestObject("漢字", -42, listOf("日本語", "中文", "한국어")),
        TestObject("emoji 😀", 7, listOf("😀", "👍🏽", "🇺🇦", "\uD83D\uDE00x", "a\u2028b\u2029c")),
        TestObject("", Int.MIN_VALUE, listOf("", "", "")),
        TestObject(" spaced ", Int.MAX_VALUE, listOf(" ", "  ", "\u00A0", "\uFEFF")),
    )
}
