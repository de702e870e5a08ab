package serialbench.report

import serialbench.results.ResultRow

/**
 * What the parallel codecs chose for the lists and maps long enough to split in their timed calls, fork by fork
 * ([ResultRow.listsSplit], [ResultRow.listsWhole]): a row whose JVMs chose differently times two different things,
 * and its forks' spread says so only in part. The rows where some fork read or wrote whole are listed; when every
 * fork split everything, one sentence says so.
 */
internal object SplitChoices {
    fun render(out: StringBuilder, rows: List<ResultRow>) = with(out) {
        val counted = rows.filter(::counted)
        if (counted.isEmpty()) return
        appendLine("## Split choices")
        appendLine()
        append(
            "A parallel codec splits a list or map long enough to split only where it predicts a gain, from what it " +
                "measured in its JVM; the others it reads or writes whole. ",
        )
        val mixed = counted.filter(::choseWhole)
        if (mixed.isEmpty()) {
            appendLine(
                "In every row of ${codecs(counted)}, every fork split each of them " +
                    "(${Units.count(counted.sumOf { it.listsSplit.sum() })} in all).",
            )
            appendLine()
            return
        }
        val others = if (mixed.size < counted.size) " (the other rows of ${codecs(counted)} split all)" else ""
        appendLine(
            "Split of all, in each fork's timed calls, where some fork read or wrote whole$others: a row whose forks " +
                "differ here measured different work in each.",
        )
        appendLine()
        val table = MarkdownTable(
            listOf(left("Codec"), left("Shape"), right("N"), left("Operation"), right("Split per fork")),
        )
        for (row in mixed) {
            table.row(
                "`${row.codec}`",
                "`${row.shape}`",
                Units.count(row.size),
                row.operation.verb,
                perFork(row),
            )
        }
        table.appendTo(this)
    }

    /** Whether [row] counted its forks' choices, and some fork read or wrote whole a part long enough to split. */
    fun choseWhole(row: ResultRow): Boolean = counted(row) && row.listsWhole.any { it > 0 }

    /** Each fork's split of all, `split/all`, comma-separated. */
    fun perFork(row: ResultRow): String =
        row.listsSplit.zip(row.listsWhole).joinToString(", ") { (split, whole) -> "$split/${split + whole}" }

    private fun counted(row: ResultRow): Boolean =
        row.listsSplit.isNotEmpty() && row.listsSplit.size == row.listsWhole.size

    private fun codecs(rows: List<ResultRow>): String = rows.map { "`${it.codec}`" }.distinct().joinToString(", ")
}
