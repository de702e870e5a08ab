package serialbench.report

import serialbench.results.E2eResults

/**
 * The end-to-end HTTP run's section of the main report: requests per second of every codec in every mode at
 * the largest size of each shape, and a link to `e2e-report.md`. The report puts it last, when its inputs
 * include an end-to-end run's results ([ReportInputs.e2e]).
 */
object E2eSection {
    fun render(results: E2eResults): String = buildString {
        appendLine("## End to end over HTTP")
        appendLine()
        val stack = results.stack
        appendLine(
            "From the end-to-end run of ${results.environment.date} (${stack.server} ${stack.serverVersion} " +
                "on ${stack.engine}, ${stack.client} ${stack.clientVersion}, loopback): requests per second " +
                "at the largest size of each shape, ${Units.count(results.method.requests)} requests per " +
                "mode. Times per request, the codec's share of them, the charts and the bad requests are in " +
                "[e2e-report.md](e2e-report.md).",
        )
        appendLine()
        val modes = results.rows.map { it.threads to it.pooled }.distinct()
            .sortedWith(compareBy({ it.first }, { it.second }))
        val columns = listOf(left("Codec"), left("Shape"), right("N")) +
            modes.map { right(E2eReport.mode(it.first, it.second)) }
        val table = MarkdownTable(columns)
        for ((shape, shapeRows) in results.rows.groupBy { it.shape }) {
            val largest = shapeRows.maxOf { it.size }
            for ((codec, codecRows) in shapeRows.filter { it.size == largest }.groupBy { it.codec }) {
                val rates = modes.map { mode ->
                    codecRows.firstOrNull {
                        it.threads == mode.first && it.pooled == mode.second
                    }?.let { Units.rate(it.requestsPerSecond) }
                        ?: "-"
                }
                table.row("`$codec`", "`$shape`", Units.count(largest), *rates.toTypedArray())
            }
        }
        table.appendTo(this)
    }
}
