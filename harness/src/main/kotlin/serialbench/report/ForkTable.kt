package serialbench.report

import serialbench.results.ResultRow

/**
 * Each fork's mean beside the others for the rows measured in more than one JVM, and the spread between them
 * (the slowest fork's mean over the fastest's, minus 1): the one place a reader sees that two JVMs of the same
 * codec disagreed, which the pooled statistics only show as a wider error.
 */
internal object ForkTable {
    fun render(out: StringBuilder, rows: List<ResultRow>) = with(out) {
        val forked = rows.filter { it.forkMeansNanos.size > 1 }
        if (forked.isEmpty()) return
        appendLine("## Forks")
        appendLine()
        appendLine(
            "The mean of each JVM (fork) of a row, in the order they ran. Spread is the slowest fork's mean over the " +
                "fastest's, minus 1; a large spread with a small drift inside each fork means the JVMs settled " +
                "differently, a reason to run more forks before trusting a difference of that size.",
        )
        appendLine()
        val table =
            MarkdownTable(
                listOf(
                    left("Codec"),
                    left("Shape"),
                    right("N"),
                    left("Operation"),
                    right("Fork means"),
                    right("Spread"),
                ),
            )
        for (row in forked) {
            val means = row.forkMeansNanos
            table.row(
                "`${row.codec}`",
                "`${row.shape}`",
                Units.count(row.size),
                row.operation.verb,
                means.joinToString(", ") { Units.duration(it) },
                Units.signedPercent(means.max() / means.min() - 1),
            )
        }
        table.appendTo(this)
    }
}
