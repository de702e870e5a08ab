package serialbench.report

/** A report's "Charts" section: each chart's PNG shown and its SVG linked, in the order of [specs]; nothing without charts. */
internal object ChartsSection {
    fun render(out: StringBuilder, specs: List<Charts.Spec>) = with(out) {
        if (specs.isEmpty()) return
        appendLine("## Charts")
        appendLine()
        for (spec in specs) {
            appendLine("![${spec.title}](${Charts.DIRECTORY}/${spec.fileName}.png)")
            appendLine()
            appendLine("[${spec.title}, SVG](${Charts.DIRECTORY}/${spec.fileName}.svg)")
            appendLine()
        }
    }
}
