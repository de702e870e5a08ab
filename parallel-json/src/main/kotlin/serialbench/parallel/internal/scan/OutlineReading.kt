package serialbench.parallel.internal.scan

/**
 * Which characters an [OutlineScanner] takes for structure and which for a literal (a number, `true`, `false`,
 * `null`), by the engine that reads the elements after it: the outline must never place an element's edge where the
 * engine would read another.
 */
internal enum class OutlineReading(
    structural: String,
    literal: (Int) -> Boolean,
    /** Whether characters above [TABLE_SIZE] may be part of a literal. */
    val literalAbove: Boolean,
) {
    /**
     * For any engine, lenient ones too: inside an element a `'`, `/` or `\` outside a string, which only a lenient
     * engine reads as structure (quotes, comments, an escape in an unquoted name, such as fastjson2's `{\"k:1}`, whose
     * quote this scan would take for the start of a string), breaks the outline, so that such a text goes to the
     * engine whole; a literal is made of letters, digits, `-`, `+` and `.`.
     */
    ANY_ENGINE("\"{}[]'/\\", ::isPlainLiteral, literalAbove = false),

    /**
     * As kotlinx `Json` reads: a literal is what kotlinx reads as one (its token class `TC_OTHER`: all but control
     * characters, JSON whitespace and `,:{}[]"\`, bytes of multi-byte characters included), so that junk stuck to a
     * number (`2.0e-3_0`, `5<9`) stays in its element and fails there, as in kotlinx, instead of leaving a valid
     * prefix to decode as an element. `'` and `/` are part of a literal: a strict `Json` reads them so (a
     * `JsonElement` tree takes `/*c*/true` as one), so whether they are wrong is the engine's to say.
     */
    KOTLINX("\"{}[]", ::isKotlinxLiteral, literalAbove = true),
    ;

    /**
     * Which units below [TABLE_SIZE] (a character's code, or a byte of UTF-8 as 0-255) stop the scan inside an
     * element; no unit above does. A table, so that a scan's loop reads it from a local.
     */
    val structuralUnits = BooleanArray(TABLE_SIZE).also { table -> for (c in structural) table[c.code] = true }

    /** Which units below [TABLE_SIZE] may be part of a literal. */
    val literalUnits = BooleanArray(TABLE_SIZE) { literal(it) }

    /** Whether [unit] may be part of a literal. */
    fun isLiteral(unit: Int): Boolean = if (unit < TABLE_SIZE) literalUnits[unit] else literalAbove
}

/** Letters, digits, `-`, `+`, `.`: the characters of numbers, of `true`, `false`, `null`, and of special floats. */
private fun isPlainLiteral(unit: Int): Boolean {
    val c = unit.toChar()
    return c in 'a'..'z' || c in 'A'..'Z' || c in '0'..'9' || c == '-' || c == '+' || c == '.'
}

/** kotlinx's `TC_OTHER`: all but control characters, whitespace and `,:{}[]"\`. */
private fun isKotlinxLiteral(unit: Int): Boolean = unit > ' '.code && unit.toChar() !in ",:{}[]\"\\"

/** Units below this are looked up in a reading's tables. */
internal const val TABLE_SIZE = 256
