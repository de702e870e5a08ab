package serialbench.report

import serialbench.codec.KotlinxJsonCodec
import serialbench.measure.Operation
import serialbench.measure.ResultRow

/** The all-codec sections: one table per size with ratios to a baseline, a ranking at the largest size. */
internal object CodecSummary {
    /** The baseline codec of a run: `kotlinx-json` when it ran, else the first codec. */
    fun baseline(rows: List<ResultRow>): String =
        if (rows.any { it.codec == KotlinxJsonCodec.ID }) KotlinxJsonCodec.ID else rows.first().codec

    fun render(out: StringBuilder, rows: List<ResultRow>) = with(out) {
        if (rows.isEmpty()) return
        val baseline = baseline(rows)
        appendLine("## All codecs by size")
        appendLine()
        appendLine(
            "Ratio is the codec's mean time divided by `$baseline`'s at the same size: below 1.00 is faster. " +
                "Gzip is the payload compressed with `java.util.zip` at the default level.",
        )
        appendLine()
        for ((size, sizeRows) in rows.groupBy { it.size }.toSortedMap()) {
            val base = sizeRows.filter { it.codec == baseline }.associateBy { it.operation }
            appendLine("### N = ${Units.count(size)}")
            appendLine()
            appendLine("| Codec | Serialization | Ratio | Deserialization | Ratio | Payload | Gzip |")
            appendLine("|---|---:|---:|---:|---:|---:|---:|")
            for ((codec, codecRows) in sizeRows.groupBy { it.codec }) {
                val cells = Operation.entries.joinToString(" | ") { operation ->
                    val row = codecRows.firstOrNull { it.operation == operation }
                    val baseRow = base[operation]
                    if (row == null) "- | -" else "${Units.duration(row.meanNanos)} | ${ratio(row, baseRow)}"
                }
                val first = codecRows.first()
                appendLine(
                    "| `$codec` | $cells | ${Units.bytes(first.payloadBytes.toLong())} | ${Units.bytes(first.gzipBytes.toLong())} |",
                )
            }
            appendLine()
        }
        ranking(rows)
    }

    private fun StringBuilder.ranking(rows: List<ResultRow>) {
        val largest = rows.maxOf { it.size }
        val atLargest = rows.filter { it.size == largest }
        appendLine("## Ranking at N = ${Units.count(largest)}")
        appendLine()
        appendLine("| Rank | Serialization | Deserialization | Payload |")
        appendLine("|---:|---|---|---|")
        val bySerialization = atLargest.filter { it.operation == Operation.SERIALIZE }.sortedBy { it.meanNanos }
        val byDeserialization = atLargest.filter { it.operation == Operation.DESERIALIZE }.sortedBy { it.meanNanos }
        val bySize = atLargest.distinctBy { it.codec }.sortedBy { it.payloadBytes }
        for (rank in 0 until maxOf(bySerialization.size, byDeserialization.size, bySize.size)) {
            val serialize = bySerialization.getOrNull(rank)?.let { "`${it.codec}` ${Units.duration(it.meanNanos)}" } ?: ""
            val deserialize = byDeserialization.getOrNull(rank)?.let { "`${it.codec}` ${Units.duration(it.meanNanos)}" } ?: ""
            val payload = bySize.getOrNull(rank)?.let { "`${it.codec}` ${Units.bytes(it.payloadBytes.toLong())}" } ?: ""
            appendLine("| ${rank + 1} | $serialize | $deserialize | $payload |")
        }
        appendLine()
        appendLine("## Fastest")
        appendLine()
        bySerialization.firstOrNull()?.let { appendLine("- Serialization at N = ${Units.count(largest)}: `${it.codec}` (${Units.duration(it.meanNanos)}).") }
        byDeserialization.firstOrNull()?.let { appendLine("- Deserialization at N = ${Units.count(largest)}: `${it.codec}` (${Units.duration(it.meanNanos)}).") }
        bySize.firstOrNull()?.let { appendLine("- Smallest payload: `${it.codec}` (${Units.bytes(it.payloadBytes.toLong())}).") }
        atLargest.distinctBy { it.codec }.minByOrNull { it.gzipBytes }?.let {
            appendLine("- Smallest after gzip: `${it.codec}` (${Units.bytes(it.gzipBytes.toLong())}).")
        }
        for (size in rows.map { it.size }.distinct().sorted().filter { it >= LARGE_SIZE }) {
            for (operation in Operation.entries) {
                val fastest = rows.filter { it.size == size && it.operation == operation && it.format == JSON }.minByOrNull { it.meanNanos }
                    ?: continue
                appendLine("- Fastest JSON ${operation.displayName} at N = ${Units.count(size)}: `${fastest.codec}` (${Units.duration(fastest.meanNanos)}).")
            }
        }
        appendLine()
    }

    /** From this size on the report names the fastest JSON codec: where splitting work is meant to pay. */
    private const val LARGE_SIZE = 10_000
    private const val JSON = "JSON"

    private fun ratio(row: ResultRow, base: ResultRow?): String =
        if (base == null) "-" else String.format(java.util.Locale.ROOT, "%.2f", row.meanNanos / base.meanNanos)
}
