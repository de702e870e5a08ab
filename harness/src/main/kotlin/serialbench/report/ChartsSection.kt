package serialbench.report

/**
 * A report's "Charts" section: each chart's PNG shown and its SVG linked, in the order of [specs]; nothing without
 * charts.
 */
internal object ChartsSection {
    /** How the note under a chart with points beyond its axis ([ChartValues]) begins. */
    const val CLAMPED_NOTE_START = "⚠️ Drawn at the edge of the axis, beyond what it can show:"

    fun render(out: StringBuilder, specs: List<Charts.Spec>) = with(out) {
        if (specs.isEmpty()) return
        appendLine("## Charts")
        appendLine()
        for (spec in specs) {
            appendLine("![${spec.title}](${Charts.DIRECTORY}/${spec.fileName}.png)")
            appendLine()
            appendLine("[${spec.title}, SVG](${Charts.DIRECTORY}/${spec.fileName}.svg)")
            appendLine()
            if (spec.clamped.isNotEmpty()) {
                appendLine("$CLAMPED_NOTE_START ${spec.clamped.joinToString("; ")}.")
                appendLine()
            }
        }
    }
}
