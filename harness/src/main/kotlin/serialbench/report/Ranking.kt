package serialbench.report

import serialbench.measure.Significance
import serialbench.measure.Significance.Direction
import serialbench.results.Operation
import serialbench.results.ResultRow

/** The ranking of every codec at the largest size, and the fastest codec per operation. */
internal object Ranking {
    fun render(out: StringBuilder, rows: List<ResultRow>, oneDocument: Boolean = false) {
        if (rows.isNotEmpty()) out.ranking(rows, oneDocument)
    }

    private fun StringBuilder.ranking(rows: List<ResultRow>, oneDocument: Boolean) {
        val largest = rows.maxOf { it.size }
        val atLargest = rows.filter { it.size == largest }
        val at = if (oneDocument) "on the document" else "at N = ${Units.count(largest)}"
        appendLine("## Ranking $at")
        appendLine()
        val table = MarkdownTable(
            listOf(right("Rank"), left("Serialization"), left("Deserialization"), left("Payload")),
        )
        val bySerialization = atLargest.filter { it.operation == Operation.SERIALIZE }.sortedBy { it.meanNanos }
        val byDeserialization = atLargest.filter { it.operation == Operation.DESERIALIZE }.sortedBy { it.meanNanos }
        val bySize = atLargest.distinctBy { it.codec }.sortedBy { it.payloadBytes }
        var marked = false
        for (rank in 0 until maxOf(bySerialization.size, byDeserialization.size, bySize.size)) {
            val cells = listOf(ranked(bySerialization, rank), ranked(byDeserialization, rank))
            marked = marked || cells.any { it.endsWith(SAME_MARK) }
            table.row(
                "${rank + 1}",
                cells[0],
                cells[1],
                bySize.getOrNull(rank)?.let { "`${it.codec}` ${Units.bytes(it.payloadBytes.toLong())}" } ?: "",
            )
        }
        table.appendTo(this)
        if (marked) {
            val forks = if (atLargest.any(Significance::forked)) "; ${Significance.FORK_RULE}" else ""
            appendLine(
                "$SAME_MARK: not significantly different from the codec ranked above (${Significance.METHOD}$forks).",
            )
            appendLine()
        }
        appendLine("## Fastest")
        appendLine()
        fastest("Serialization $at", bySerialization)
        fastest("Deserialization $at", byDeserialization)
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

    /** The codec at [rank] of [sorted] with its mean, marked when it does not differ from the one ranked above. */
    private fun ranked(sorted: List<ResultRow>, rank: Int): String {
        val row = sorted.getOrNull(rank) ?: return ""
        val same = rank > 0 && Significance.compare(row, sorted[rank - 1]).direction == Direction.SAME
        return "`${row.codec}` ${Units.duration(row.meanNanos)}" + if (same) " $SAME_MARK" else ""
    }

    /**
     * The first of [sorted] (by mean), and whether the runner-up's repetitions say otherwise ([Significance]): not
     * different, or faster in most repetitions while a few slow ones lift its mean above the first's.
     */
    private fun StringBuilder.fastest(label: String, sorted: List<ResultRow>) {
        val first = sorted.firstOrNull() ?: return
        val second = sorted.getOrNull(1)
        val direction = second?.let { Significance.compare(first, it).direction }
        val qualifier = when (direction) {
            null, Direction.FASTER -> ""

            Direction.SLOWER ->
                " by mean; but `${second.codec}` (${Units.duration(second.meanNanos)}) is faster in most repetitions " +
                    "(median ${Units.duration(second.medianNanos)} against ${Units.duration(first.medianNanos)}, " +
                    "Mann-Whitney U, p < 0.001): a few slow repetitions lift its mean"

            else -> ", not significantly faster than `${second.codec}` (${Units.duration(second.meanNanos)})"
        }
        appendLine("- $label: `${first.codec}` (${Units.duration(first.meanNanos)})$qualifier.")
    }

    private const val SAME_MARK = "(≈)"

    /** From this size on the report names the fastest JSON codec: where splitting work is meant to pay. */
    private const val LARGE_SIZE = 10_000
    private const val JSON = "JSON"
}
