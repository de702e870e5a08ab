package serialbench.report

import serialbench.results.ResultRow
import serialbench.results.StreamingMemoryRow
import serialbench.results.UnsupportedCell
import java.util.Locale

/**
 * Decodes from a stream (`bench.streaming`): per shape and size, each decoder's time to its first element and to
 * all of them, measured in the same calls; and the decodes of an input larger than the heap that read it.
 */
internal object StreamingTables {
    /** The decoder that decodes the whole list before handing over its first element: the baseline. */
    const val MAPPER = "mapper"

    /** One shape's decodes from a stream: a table per size, the decoders that cannot decode it, the chart. */
    fun render(out: StringBuilder, rows: List<ResultRow>, unsupported: List<UnsupportedCell>, chart: Charts.Spec?) =
        with(out) {
            if (rows.isEmpty() && unsupported.isEmpty()) return
            appendLine("## Decoding from a stream")
            appendLine()
            appendLine(
                "Each decoder reads its codec's own payload from an `InputStream` over the bytes in memory and " +
                    "hands the elements over one at a time; every element is consumed. First is the time from " +
                    "opening the stream to the first element handed over, All the time to the last one: both " +
                    "from the same repetitions, means ± half the 99.9% confidence interval. `$MAPPER` decodes " +
                    "the whole list first (the baseline); All / mapper is All over the same codec's `$MAPPER` " +
                    "All. \"adapted\": the library has no stream API, so the stream is read into bytes first.",
            )
            appendLine()
            for ((size, sizeRows) in rows.groupBy { it.size }.toSortedMap()) {
                appendLine("### N = ${Units.count(size)}")
                appendLine()
                val table = MarkdownTable(
                    listOf(
                        left("Decoder"),
                        right("First"),
                        right("All"),
                        right("First / All"),
                        right("All / mapper"),
                        right("Allocated"),
                        right("Payload"),
                    ),
                )
                val mappers = sizeRows.filter { it.decoder == MAPPER }.associateBy { it.codec }
                for (row in sizeRows) {
                    val first = row.firstElementNanos
                    val mapper = mappers[row.codec]
                    table.row(
                        "`${row.codec}/${row.decoder}`" + if (row.adapted) " (adapted)" else "",
                        first?.let { withError(it, row.firstElementErrorNanos) } ?: "-",
                        withError(row.meanNanos, row.errorNanos),
                        first?.let { Units.percent(round1(it / row.meanNanos * 100)) } ?: "-",
                        mapper?.let { twoDecimals(row.meanNanos / it.meanNanos) } ?: "-",
                        row.allocatedBytesPerOp?.let(Units::bytes) ?: "-",
                        Units.bytes(row.payloadBytes.toLong()),
                    )
                }
                table.appendTo(this)
            }
            if (unsupported.isNotEmpty()) {
                appendLine("Not measured on this shape:")
                appendLine()
                for (cell in unsupported) {
                    appendLine(
                        "- `${cell.codec}/${cell.decoder}`: not supported: ${cell.reason}.",
                    )
                }
                appendLine()
            }
            if (chart != null) {
                appendLine("![${chart.title}](${Charts.DIRECTORY}/${chart.fileName}.png)")
                appendLine()
                appendLine("[${chart.title}, SVG](${Charts.DIRECTORY}/${chart.fileName}.svg)")
                appendLine()
            }
        }

    /** The bounded-memory decodes, with the input, the heap and the reason for each decoder not run. */
    fun renderMemory(out: StringBuilder, rows: List<StreamingMemoryRow>) = with(out) {
        if (rows.isEmpty()) return
        appendLine("## Decoding from a stream in bounded memory")
        appendLine()
        val first = rows.first()
        val source = if (first.source == "generated") {
            "generated on the fly, never stored"
        } else {
            "the file `${first.source}`, written element by element, read through the page cache"
        }
        appendLine(
            "${Units.count(first.size)} elements of shape `${first.shape}` (${Units.bytes(first.inputBytes)} " +
                "of JSON, $source), decoded by each decoder in a JVM of its own with " +
                "`${first.jvmFlags.joinToString(" ")}`, each element checked and then dropped (Time includes " +
                "the checks). Peak after GC is the most heap any collection during the decode left in use " +
                "(live data, plus whatever it did not reclaim); Before is the heap in use after a full GC " +
                "just before the decode.",
        )
        appendLine()
        val table = MarkdownTable(
            listOf(
                left("Decoder"), right("Elements"), right("Input"), right("Max heap"), right("Before"),
                right("Peak after GC"), right("GCs"), right("Time"), left("Note"),
            ),
        )
        for (row in rows) {
            table.row(
                "`${row.codec}/${row.decoder}`",
                row.elements?.let(Units::count) ?: "-",
                Units.bytes(row.inputBytes),
                Units.bytes(row.maxHeapBytes),
                row.heapBeforeBytes?.let(Units::bytes) ?: "-",
                row.peakHeapAfterGcBytes?.let(Units::bytes) ?: "-",
                row.gcCount?.toString() ?: "-",
                row.elapsedNanos?.let { Units.duration(it.toDouble()) } ?: "-",
                row.notMeasured?.let { "not measured: $it" } ?: "",
            )
        }
        table.appendTo(this)
    }

    private fun withError(nanos: Double, errorNanos: Double?): String =
        Units.duration(nanos) + (errorNanos?.let { " ± ${Units.duration(it)}" } ?: "")

    private fun round1(value: Double) = Math.round(value * 10) / 10.0

    private fun twoDecimals(value: Double) = String.format(Locale.ROOT, "%.2f", value)
}
