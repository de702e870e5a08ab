package serialbench.input

/**
 * JSON paths as users read them: `$` for the document, `.key` for keys that are identifiers, `['a key']` for
 * others, `[3]` for array indices: `$.orders[3]['unit price']`.
 */
internal object JsonPath {
    const val ROOT = "$"

    /** The path of [steps] from the root: each a key (String) or an index (Int). */
    fun of(steps: List<Any>): String = buildString {
        append(ROOT)
        for (step in steps) appendStep(step)
    }

    fun child(parent: String, key: String): String = buildString {
        append(parent)
        appendStep(key)
    }

    fun child(parent: String, index: Int): String = "$parent[$index]"

    private fun StringBuilder.appendStep(step: Any) {
        when (step) {
            is Int -> append('[').append(step).append(']')

            is String -> if (IDENTIFIER.matches(step)) {
                append('.').append(step)
            } else {
                append("['").append(step.replace("\\", "\\\\").replace("'", "\\'")).append("']")
            }

            else -> error("a path step is a key or an index, not $step")
        }
    }

    private val IDENTIFIER = Regex("[A-Za-z_$][A-Za-z0-9_$]*")
}
