package serialbench.report

import serialbench.codec.KotlinxJsonCodec
import serialbench.codec.ParallelJsonCodec
import serialbench.measure.BenchConfig
import serialbench.measure.BenchmarkResults
import serialbench.measure.Environment
import serialbench.measure.Operation
import serialbench.measure.ResultRow

/** Renders a run as GitHub-flavoured markdown: a pure function of the results. */
object MarkdownReport {
    fun render(results: BenchmarkResults): String = buildString {
        appendLine("# Serialization benchmark")
        appendLine()
        environment(results.environment)
        conditions(results)
        perCodec(results.results)
        CodecSummary.render(this, results.results)
        parallelVersusSingle(results.results)
    }

    private fun StringBuilder.environment(env: Environment) {
        appendLine("## Environment")
        appendLine()
        appendLine("| | |")
        appendLine("|---|---|")
        appendLine("| CPU | ${env.cpuModel}, ${env.availableProcessors} cores available |")
        appendLine("| OS | ${env.os} |")
        appendLine("| JVM | ${env.jvm} |")
        appendLine("| Max heap | ${Units.bytes(env.maxHeapBytes)} |")
        appendLine("| GC | ${env.garbageCollectors.joinToString(", ")} |")
        appendLine("| JVM flags | ${env.jvmFlags.joinToString(" ") { "`$it`" }.ifEmpty { "(none)" }} |")
        appendLine("| ParallelJson threads | ${env.parallelJsonThreads} |")
        appendLine("| Date | ${env.date} |")
        appendLine("| Properties | ${env.benchProperties.entries.joinToString(" ") { "`-D${it.key}=${it.value}`" }} |")
        appendLine()
    }

    private fun StringBuilder.conditions(results: BenchmarkResults) {
        val properties = results.environment.benchProperties
        val sizes = results.results.map { it.size }.distinct().sorted()
        appendLine("## Test conditions")
        appendLine()
        appendLine(
            "- Object: `TestObject(name: String, value: Int, items: List<String>)` with a 5-character name, " +
                "a random Int and 100 items of 10 characters, generated from seed ${properties[BenchConfig.SEED]}.",
        )
        appendLine("- Sizes (objects per list): ${sizes.joinToString(", ") { Units.count(it) }}.")
        appendLine(
            "- Each operation is warmed up (at least ${properties[BenchConfig.WARMUP]} calls and " +
                "${properties[BenchConfig.WARMUP_MILLIS]} ms, discarded), then timed over " +
                "${properties[BenchConfig.REPETITIONS]} repetitions; a repetition serializes the whole list to one " +
                "payload, or deserializes that payload back to the list. Tables give the mean of the repetitions.",
        )
        appendLine()
    }

    private fun StringBuilder.perCodec(rows: List<ResultRow>) {
        appendLine("## Results per codec")
        appendLine()
        for ((codec, codecRows) in rows.groupBy { it.codec }) {
            appendLine("### ${codecRows.first().codecName} (`$codec`)")
            appendLine()
            appendLine("| N | Serialization mean | Deserialization mean | Payload |")
            appendLine("|---:|---:|---:|---:|")
            for ((size, sizeRows) in codecRows.groupBy { it.size }.toSortedMap()) {
                val serialize = sizeRows.find(Operation.SERIALIZE)?.let { Units.duration(it.meanNanos) } ?: "-"
                val deserialize = sizeRows.find(Operation.DESERIALIZE)?.let { Units.duration(it.meanNanos) } ?: "-"
                appendLine("| ${Units.count(size)} | $serialize | $deserialize | ${Units.bytes(sizeRows.first().payloadBytes.toLong())} |")
            }
            appendLine()
        }
    }

    private fun StringBuilder.parallelVersusSingle(rows: List<ResultRow>) {
        appendLine("## ParallelJson vs Json")
        appendLine()
        val comparisons = Operation.entries.associateWith { operation ->
            Comparison.of(rows, operation, multi = ParallelJsonCodec.ID, single = KotlinxJsonCodec.ID)
        }
        if (comparisons.values.all { it.isEmpty() }) {
            appendLine("Not measured: this run needs both `${ParallelJsonCodec.ID}` and `${KotlinxJsonCodec.ID}`.")
            return
        }
        appendLine("Delta is multithreaded minus single thread: negative means ParallelJson took less time.")
        appendLine()
        for ((operation, comparison) in comparisons) {
            appendLine("### ${operation.displayName.replaceFirstChar { it.uppercase() }}")
            appendLine()
            appendLine("| N | Multithreaded | Single thread | Delta | Speedup |")
            appendLine("|---:|---:|---:|---:|:---|")
            for (pair in comparison) {
                appendLine(
                    "| ${Units.count(pair.size)} | ${Units.duration(pair.multiNanos)} | ${Units.duration(pair.singleNanos)} | " +
                        "${Units.duration(pair.deltaNanos)} (${Units.signedPercent(pair.deltaFraction)}) | ${pair.verdict} |",
                )
            }
            appendLine()
        }
        appendLine("## Conclusion")
        appendLine()
        for ((operation, comparison) in comparisons) {
            if (comparison.isNotEmpty()) appendLine("- ${Comparison.summary(operation, comparison)}")
        }
        val gains = comparisons.filterValues { it.isNotEmpty() }.mapValues { (_, c) -> Comparison.averageSpeedup(c) }
        if (gains.size == 2) {
            val (better, worse) = gains.entries.sortedByDescending { it.value }
            appendLine(
                "- ${better.key.displayName.replaceFirstChar { it.uppercase() }} gains more from threads " +
                    "(${Units.ratio(better.value)} on average, against ${Units.ratio(worse.value)} for ${worse.key.displayName}).",
            )
        }
    }

    private fun List<ResultRow>.find(operation: Operation): ResultRow? = firstOrNull { it.operation == operation }
}
