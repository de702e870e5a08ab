package serialbench.report

import serialbench.results.Operation
import serialbench.results.ResultRow

/** The ranking of every codec at the largest size, and the fastest codec per operation. */
internal object Ranking {
    fun render(out: StringBuilder, rows: List<ResultRow>) {
        if (rows.isNotEmpty()) out.ranking(rows)
    }

    private fun StringBuilder.ranking(rows: List<ResultRow>) {
        val largest = rows.maxOf { it.size }
        val atLargest = rows.filter { it.size == largest }
        appendLine("## Ranking at N = ${Units.count(largest)}")
        appendLine()
        val table = MarkdownTable(
            listOf(right("Rank"), left("Serialization"), left("Deserialization"), left("Payload")),
        )
        val bySerialization = atLargest.filter { it.operation == Operation.SERIALIZE }.sortedBy { it.meanNanos }
        val byDeserialization = atLargest.filter { it.operation == Operation.DESERIALIZE }.sortedBy { it.meanNanos }
        val bySize = atLargest.distinctBy { it.codec }.sortedBy { it.payloadBytes }
        for (rank in 0 until maxOf(bySerialization.size, byDeserialization.size, bySize.size)) {
            table.row(
                "${rank + 1}",
                bySerialization.getOrNull(rank)?.let { "`${it.codec}` ${Units.duration(it.meanNanos)}" } ?: "",
                byDeserialization.getOrNull(rank)?.let { "`${it.codec}` ${Units.duration(it.meanNanos)}" } ?: "",
                bySize.getOrNull(rank)?.let { "`${it.codec}` ${Units.bytes(it.payloadBytes.toLong())}" } ?: "",
            )
        }
        table.appendTo(this)
        appendLine("## Fastest")
        appendLine()
        fastest("Serialization at N = ${Units.count(largest)}", bySerialization)
        fastest("Deserialization at N = ${Units.count(largest)}", byDeserialization)
        bySize.firstOrNull()?.let {
            appendLine("- Smallest payload: `${it.codec}` (${Units.bytes(it.payloadBytes.toLong())}).")
        }
        atLargest.distinctBy { it.codec }.minByOrNull { it.gzipBytes }?.let {
            appendLine("- Smallest after gzip: `${it.codec}` (${Units.bytes(it.gzipBytes.toLong())}).")
        }
        for (size in rows.map { it.size }.distinct().sorted().filter { it >= LARGE_SIZE }) {
            for (operation in Operation.entries) {
                val json = rows.filter { it.size == size && it.operation == operation && it.format == JSON }
                    .sortedBy { it.meanNanos }
                fastest("Fastest JSON ${operation.displayName} at N = ${Units.count(size)}", json)
            }
        }
        appendLine()
    }

    /** The first of [sorted], and whether the runner-up is within its error (the 99.9% intervals overlap). */
    private fun StringBuilder.fastest(label: String, sorted: List<ResultRow>) {
        val first = sorted.firstOrNull() ?: return
        val second = sorted.getOrNull(1)
        val tie = second != null && first.errorNanos != null && second.errorNanos != null &&
            first.confidenceIntervalNanos.endInclusive >= second.confidenceIntervalNanos.start
        val within = if (tie) ", within error of `${second!!.codec}` (${Units.duration(second.meanNanos)})" else ""
        appendLine("- $label: `${first.codec}` (${Units.duration(first.meanNanos)})$within.")
    }

    /** From this size on the report names the fastest JSON codec: where splitting work is meant to pay. */
    private const val LARGE_SIZE = 10_000
    private const val JSON = "JSON"
}
