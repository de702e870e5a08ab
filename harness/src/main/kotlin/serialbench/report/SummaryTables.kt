package serialbench.report

import serialbench.results.Operation
import serialbench.results.ResultRow
import java.util.Locale

/** BenchmarkDotNet's summary: one table per size, every codec and operation, one time unit per table. */
internal object SummaryTables {
    fun render(out: StringBuilder, rows: List<ResultRow>, oneDocument: Boolean = false) = with(out) {
        if (rows.isEmpty()) return
        appendLine("## Summary by size")
        appendLine()
        val baseline = rows.firstNotNullOfOrNull { it.baseline }
        val forked = rows.any { it.forkMeansNanos.size > 1 }
        val forks = if (forked) " (of the mean over the fork means, where a row has two or more)" else ""
        appendLine(
            "Mean, Error, StdDev, Median, Min and Max are times per operation (the whole list); Error is half the " +
                "99.9% confidence interval of the mean$forks. Ratio is the mean of the ratios of every repetition to " +
                "every repetition of " + (baseline?.let { "`$it`" } ?: "the baseline") +
                " (below 1.00 is faster), RatioSD their standard deviation. " +
                "Allocated is heap allocated per operation by all threads; GC counts the collections during the " +
                "timed repetitions, with their collection time as the JVM's GC MXBeans report it.",
        )
        appendLine()
        for ((size, sizeRows) in rows.groupBy { it.size }.toSortedMap()) {
            appendLine("### ${Units.size(size, oneDocument)}")
            appendLine()
            val scale = TimeScale.forSmallest(sizeRows.minOf { it.meanNanos })
            val table = MarkdownTable(
                listOf(
                    left("Codec"), left("Operation"), right("Mean"), right("Error"), right("StdDev"), right("Median"),
                    right("Min"), right("Max"), right("Ratio"), right("RatioSD"), right("Allocated"), right("GC"),
                    right("Payload"), right("Gzip"),
                ),
            )
            for (operation in Operation.entries) {
                for (row in sizeRows.filter { it.operation == operation }) {
                    table.row(
                        "`${row.codec}`",
                        operation.verb,
                        scale.format(row.meanNanos),
                        row.errorNanos?.let(scale::format) ?: "-",
                        scale.format(row.stdDevNanos),
                        scale.format(row.medianNanos),
                        scale.format(row.minNanos.toDouble()),
                        scale.format(row.maxNanos.toDouble()),
                        row.ratio?.let(::twoDecimals) ?: "-",
                        row.ratioStdDev?.let(::twoDecimals) ?: "-",
                        row.allocatedBytesPerOp?.let(Units::bytes) ?: "-",
                        if (row.gcCount == 0L) "0" else "${row.gcCount} (${Units.duration(row.gcTimeMillis * 1e6)})",
                        Units.bytes(row.payloadBytes.toLong()),
                        Units.bytes(row.gzipBytes.toLong()),
                    )
                }
            }
            table.appendTo(this)
        }
    }

    private fun twoDecimals(value: Double) = String.format(Locale.ROOT, "%.2f", value)
}
