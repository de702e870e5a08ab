package serialbench.report

import serialbench.results.ResultRow

/**
 * Each fork's mean beside the others for the rows measured in more than one JVM, and the spread between them (the
 * largest fork mean over the smallest): the one place a reader sees that two JVMs of the same codec disagreed. A row
 * whose forks disagree by more than [DISAGREEMENT_PERCENT] is flagged: its error is wide, and a difference from another row
 * counts only beyond that spread.
 */
internal object ForkTable {
    /** By how much the largest fork mean may exceed the smallest before a row is flagged. */
    const val DISAGREEMENT_PERCENT = 10.0

    private const val FLAG = "⚠️"

    fun render(out: StringBuilder, rows: List<ResultRow>) = with(out) {
        val forked = rows.filter { it.forkMeansNanos.size > 1 }
        if (forked.isEmpty()) return
        appendLine("## Forks")
        appendLine()
        appendLine(
            "The mean of each JVM (fork) of a row, in the order they ran, and the largest over the smallest. " +
                "$FLAG: the forks disagree by more than ${Units.percent(DISAGREEMENT_PERCENT)}; with a small " +
                "drift inside each fork, the JVMs settled differently. The row's error then is wide (it is over the " +
                "fork means), and the row is called faster or slower than another only where every fork is; run " +
                "more forks before trusting a difference of that size.",
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
                    right("Largest/smallest"),
                ),
            )
        for (row in forked) {
            val means = row.forkMeansNanos
            val spread = means.max() / means.min()
            table.row(
                "`${row.codec}`",
                "`${row.shape}`",
                Units.count(row.size),
                row.operation.verb,
                means.joinToString(", ") { Units.duration(it) },
                Units.ratio(spread) + if (spread > 1 + DISAGREEMENT_PERCENT / 100) " $FLAG" else "",
            )
        }
        table.appendTo(this)
    }
}
