package serialbench.report

import serialbench.results.ColdStartRow
import serialbench.results.Operation
import serialbench.results.ResultRow

/** First calls in a fresh JVM, beside the warm mean at the same size when the run measured that size. */
internal object ColdStartTable {
    fun render(out: StringBuilder, coldStart: List<ColdStartRow>, rows: List<ResultRow>, jvmFlags: List<String>?) =
        with(out) {
            if (coldStart.isEmpty()) return
            appendLine("## Cold start")
            appendLine()
            appendLine(
                "Each codec in a JVM of its own (" +
                    (jvmFlags?.let { "`${it.joinToString(" ")}`" } ?: "flags not recorded") +
                    "), before any warm-up: creating the codec (and its list codec for the shape), then its first " +
                    "serialization and first deserialization of the list. " +
                    "\"x warm\" is the first call's time over the warm mean at the same size.",
            )
            appendLine()
            val table = MarkdownTable(
                listOf(
                    left("Codec"),
                    left("Shape"),
                    right("N"),
                    right("Create"),
                    right("First serialization"),
                    right("x warm"),
                    right("First deserialization"),
                    right("x warm"),
                ),
            )
            for (cold in coldStart) {
                fun timesWarm(operation: Operation, firstNanos: Long): String = rows.firstOrNull {
                    it.codec == cold.codec && it.shape == cold.shape && it.size == cold.size &&
                        it.operation == operation
                }
                    ?.let { Units.ratio(firstNanos / it.meanNanos) } ?: "-"
                table.row(
                    "`${cold.codec}`",
                    "`${cold.shape}`",
                    Units.count(cold.size),
                    Units.duration(cold.createNanos.toDouble()),
                    Units.duration(cold.firstSerializeNanos.toDouble()),
                    timesWarm(Operation.SERIALIZE, cold.firstSerializeNanos),
                    Units.duration(cold.firstDeserializeNanos.toDouble()),
                    timesWarm(Operation.DESERIALIZE, cold.firstDeserializeNanos),
                )
            }
            table.appendTo(this)
        }
}
