package serialbench.parallel

/**
 * Broken versions of a valid JSON array text: truncated, mis-separated, mis-quoted, wrapped, empty, and with
 * what only a lenient parser reads (a stop character, comments, vertical tab, single quotes).
 */
object MalformedJson {
    fun variants(valid: String): List<String> {
        val separator = Regex("\\},\\s*\\{").find(valid, valid.length * 3 / 4)!!.range
        val quarter = separator.first
        val middleQuote = valid.indexOf('"', valid.length / 2)
        return listOf(
            "", " ", "[", "]", "[]", " [ ] ", "[,]", "[ , ]", "{}", "null", "[null]", "[1]", "[{}]",
            valid.substring(0, valid.length / 2),
            valid.dropLast(1),
            valid.dropLast(2),
            valid + "x",
            valid + ",",
            "x$valid",
            valid.dropLast(1) + ",]",
            valid.replaceRange(quarter, separator.last + 1, "},,{"),
            valid.replaceRange(quarter, separator.last + 1, "}{"),
            valid.replaceRange(quarter, separator.last + 1, "};{"),
            valid.replaceRange(quarter, separator.last + 1, "},{}, {"),
            valid.replaceRange(quarter, separator.last + 1, "}\u001a,{"),
            valid.replaceRange(quarter, separator.last + 1, "}\u001a],[{"),
            valid.replaceRange(quarter, separator.last + 1, "} /* comment */,{"),
            valid.replaceRange(quarter, separator.last + 1, "},\u000b{"),
            valid.replaceRange(quarter, separator.last + 1, "},{'name':'x','value':1,'items':[]},{"),
            valid + "\u001a",
            valid.dropLast(1) + "\u001a]",
            valid.replaceRange(middleQuote, middleQuote + 1, ""),
            valid.replaceRange(middleQuote, middleQuote + 1, "\\"),
            valid.replace("\"value\":", "\"value\" "),
            "[" + valid + "]",
            valid.replaceFirst("[", "[[") + "]",
        )
    }
}
