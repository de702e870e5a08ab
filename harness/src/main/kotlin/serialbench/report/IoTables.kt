package serialbench.report

import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.results.ResultRow
import serialbench.results.UnsupportedCell
import java.util.Locale

/**
 * The I/O paths of `bench.io` on one shape: per size, a codec x path table for serialization and one for
 * deserialization, each cell the mean with its error and, in parentheses, its ratio to the same codec's fastest
 * path on that operation; a path a codec cannot take is "not supported" with the reason, never an empty cell.
 */
internal object IoTables {
    fun render(out: StringBuilder, rows: List<ResultRow>, unsupported: List<UnsupportedCell>) = with(out) {
        if (rows.isEmpty() && unsupported.isEmpty()) return
        val paths = IoPath.entries.filter { path -> rows.any { it.io == path } || unsupported.any { it.io == path } }
        val codecs = (rows.map { it.codec } + unsupported.map { it.codec }).distinct()
        appendLine("## I/O paths")
        appendLine()
        appendLine(
            "Each codec's list written to and read back from each path: `string` (a `String`), `bytes` (a " +
                "`ByteArray`), `stream` (an `OutputStream` / `InputStream` over memory, the output buffer " +
                "reused) and `file` (a file in `target/` through 64 KiB buffered streams, written, then read " +
                "back: the page cache serves those reads, not the disk). Each path uses the library's own " +
                "API for it; \"adapted\": the library has none, so the harness adapts another of its APIs (a " +
                "string's UTF-8 bytes, bytes written to the stream, the stream read into bytes first). Means " +
                "± half the 99.9% confidence interval; in parentheses the ratio to the same codec's fastest " +
                "path for that operation (1.00 is its fastest).",
        )
        appendLine()
        // a shape no path measured at all (a bench.input file in tree mode) has no table: its reason in a line
        val unmeasured = unsupported.filter { cell -> rows.none { it.shape == cell.shape } }
        for ((shapeAndReason, cells) in unmeasured.groupBy { it.shape to it.reason }) {
            val (shape, reason) = shapeAndReason
            val codecList = cells.map { "`${it.codec}`" }.distinct().joinToString(", ")
            val paths = cells.mapNotNull { it.io?.id }.distinct().joinToString(", ")
            appendLine("`$shape`, $paths ($codecList): not supported: $reason.")
            appendLine()
        }
        for ((size, sizeRows) in rows.groupBy { it.size }.toSortedMap()) {
            for (operation in Operation.entries) {
                appendLine("### N = ${Units.count(size)}, ${operation.displayName}")
                appendLine()
                val table = MarkdownTable(listOf(left("Codec")) + paths.map { right(it.id) })
                val byCodec = sizeRows.filter { it.operation == operation }.groupBy { it.codec }
                for (codec in codecs) {
                    val codecRows = byCodec[codec].orEmpty()
                    val fastest = codecRows.minOfOrNull { it.meanNanos }
                    table.row(
                        "`$codec`",
                        *paths.map { path ->
                            val row = codecRows.firstOrNull { it.io == path }
                            val cell = unsupported.firstOrNull { it.codec == codec && it.io == path }
                            when {
                                row != null -> cell(row, fastest!!)
                                cell != null -> "not supported: ${cell.reason}"
                                else -> "-"
                            }
                        }.toTypedArray(),
                    )
                }
                table.appendTo(this)
            }
        }
    }

    private fun cell(row: ResultRow, fastestNanos: Double): String =
        Units.duration(row.meanNanos) + (row.errorNanos?.let { " ± ${Units.duration(it)}" } ?: "") +
            (if (row.adapted) ", adapted" else "") + " (" +
            String.format(Locale.ROOT, "%.2f", row.meanNanos / fastestNanos) +
            ")"
}
