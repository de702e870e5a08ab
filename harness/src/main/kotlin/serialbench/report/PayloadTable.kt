package serialbench.report

import serialbench.results.ResultRow
import java.util.Locale

/** Payload and gzip size per codec and size, and how many times smaller gzip makes the payload. */
internal object PayloadTable {
    fun render(out: StringBuilder, rows: List<ResultRow>, oneDocument: Boolean = false) = with(out) {
        if (rows.isEmpty()) return
        val sizes = rows.map { it.size }.distinct().sorted()
        appendLine("## Payload size")
        appendLine()
        appendLine(
            "Each cell: payload / gzip (payload over gzip size). Gzip is `java.util.zip` at the default level; " +
                "exact byte counts are in `benchmark-results.json`.",
        )
        appendLine()
        val table =
            MarkdownTable(listOf(left("Codec"), left("Format")) + sizes.map { right(Units.size(it, oneDocument)) })
        for ((codec, codecRows) in rows.groupBy { it.codec }) {
            val bySize = codecRows.associateBy { it.size }
            val cells = sizes.map { size ->
                bySize[size]?.let { row ->
                    "${Units.bytes(row.payloadBytes.toLong())} / ${Units.bytes(row.gzipBytes.toLong())} " +
                        "(${String.format(Locale.ROOT, "%.1fx", row.compressionRatio)})"
                } ?: "-"
            }
            table.row("`$codec`", codecRows.first().format, *cells.toTypedArray())
        }
        table.appendTo(this)
    }
}
