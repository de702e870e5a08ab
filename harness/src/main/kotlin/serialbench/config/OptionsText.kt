package serialbench.config

/** The options of a registry as users read them: plain text for `--help`, and markdown tables for the docs. */
object OptionsText {
    /** Every option, by group: name, default, what is allowed, and what it does. */
    fun help(groups: List<OptionGroup>): String = buildString {
        for (group in groups) {
            appendLine("  ${group.feature}:")
            for (option in group.options) {
                appendLine("    ${option.name}  (default: ${option.shownDefault}; allowed: ${option.allowed})")
                appendLine("        ${option.help}")
            }
        }
    }

    /** A markdown table of the options of [groups] ([commonOnly]: only those marked common), in registry order. */
    fun markdownTable(groups: List<OptionGroup>, commonOnly: Boolean): String = buildString {
        appendLine("| option | default | allowed | what it does |")
        appendLine("|---|---|---|---|")
        for (group in groups) {
            for (option in group.options) {
                if (commonOnly && !option.common) continue
                val cells = listOf(option.shownDefault, option.allowed, option.help).joinToString(" | ") { cell(it) }
                appendLine("| `${option.name}` | $cells |")
            }
        }
    }

    private fun cell(text: String) = text.replace("|", "\\|")

    /**
     * [document] with the text between the lines [begin] and [end] replaced by [content]; the markers must each
     * stand once, in that order.
     */
    fun replaceBetween(document: String, begin: String, end: String, content: String): String {
        val start = document.indexOf(begin)
        val stop = document.indexOf(end)
        require(start >= 0 && stop > start && document.indexOf(begin, start + 1) < 0) {
            "the document lacks the markers $begin ... $end, once each and in that order"
        }
        return document.substring(0, start + begin.length) + "\n" + content + document.substring(stop)
    }
}
