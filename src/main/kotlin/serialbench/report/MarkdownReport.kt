package serialbench.report

import serialbench.codec.KotlinxJsonCodec
import serialbench.codec.ParallelJsonCodec
import serialbench.measure.BenchConfig
import serialbench.measure.BenchmarkResults
import serialbench.measure.CodecBenchmark
import serialbench.measure.ColdStart
import serialbench.measure.Environment
import serialbench.measure.JmhResults
import serialbench.measure.Operation
import serialbench.measure.ResultRow

/**
 * Renders a run as GitHub-flavoured markdown: a pure function of the results, JMH's scores for the same code
 * ([jmh], if the cross-check ran) and an earlier run to compare with ([previous], if given).
 */
object MarkdownReport {
    fun render(
        results: BenchmarkResults,
        jmh: JmhResults? = null,
        previous: BenchmarkResults? = null,
    ): String = buildString {
        val rows = results.results
        appendLine("# Serialization benchmark")
        appendLine()
        environment(results.environment)
        conditions(results)
        SummaryTables.render(this, rows)
        Ranking.render(this, rows)
        parallelVersusSingle(rows)
        charts(rows)
        ColdStartTable.render(this, results.coldStart, rows, ColdStart.JVM_FLAGS)
        PayloadTable.render(this, rows)
        perCodec(rows)
        HarnessVersusJmh.render(this, jmh, rows)
        RunComparison.render(this, previous, results)
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
        val warmupMillis = properties[BenchConfig.WARMUP_MILLIS]
        appendLine(
            "- Each codec first runs for ${CodecBenchmark.CODEC_WARM_UP_FACTOR} x $warmupMillis ms on " +
                "${Units.count(CodecBenchmark.WARM_UP_SIZE)} objects. Then, size by size (every codec at one size " +
                "before the next size), each operation is warmed up (at least ${properties[BenchConfig.WARMUP]} " +
                "calls and $warmupMillis ms, discarded) and timed over ${properties[BenchConfig.REPETITIONS]} " +
                "repetitions; " +
                "a repetition serializes the whole list to one payload, or deserializes that payload back to the " +
                "list. Every result goes to a blackhole.",
        )
        appendLine(
            "- A full GC runs between each warm-up and its timed repetitions, so no earlier garbage is collected " +
                "during them; collections during the timed repetitions are counted in GC.",
        )
        appendLine(
            "- Outliers (outside Tukey's fences, 1.5 IQR beyond the quartiles) are counted in the per-codec tables " +
                "and kept in every statistic. Drift there is the median of the second half of the repetitions over " +
                "the first half's, minus 1: near 0 at steady state. A series whose drift is " +
                "${Units.signedPercent(-CodecBenchmark.STEADY_DRIFT_PERCENT / 100)} or less was still warming up: " +
                "it is discarded and measured again, up to ${CodecBenchmark.MAX_REPEATS} times " +
                "(\"discarded\" in the Drift column).",
        )
        appendLine()
    }

    private fun StringBuilder.perCodec(rows: List<ResultRow>) {
        if (rows.isEmpty()) return
        appendLine("## Results per codec")
        appendLine()
        for ((codec, codecRows) in rows.groupBy { it.codec }) {
            appendLine("### ${codecRows.first().codecName} (`$codec`)")
            appendLine()
            val table = MarkdownTable(
                listOf(
                    right("N"), left("Operation"), right("Mean ± Error"), right("Median"), right("P90"), right("P99"),
                    right("Outliers"), right("Drift"), right("Allocated"), right("Payload"),
                ),
            )
            for (row in codecRows.sortedWith(compareBy({ it.size }, { it.operation }))) {
                table.row(
                    Units.count(row.size),
                    row.operation.verb,
                    Units.duration(row.meanNanos) + (row.errorNanos?.let { " ± ${Units.duration(it)}" } ?: ""),
                    Units.duration(row.medianNanos),
                    row.p90Nanos?.let(Units::duration) ?: "-",
                    row.p99Nanos?.let(Units::duration) ?: "-",
                    outliers(row),
                    drift(row),
                    row.allocatedBytesPerOp?.let(Units::bytes) ?: "-",
                    Units.bytes(row.payloadBytes.toLong()),
                )
            }
            table.appendTo(this)
        }
    }

    private fun drift(row: ResultRow): String {
        val drift = row.driftPercent?.let { Units.signedPercent(it / 100) } ?: "-"
        return if (row.repeatedSeries == 0) drift else "$drift (${row.repeatedSeries} discarded)"
    }

    private fun outliers(row: ResultRow): String = when {
        row.lowOutliers == 0 && row.highOutliers == 0 -> "0"
        row.lowOutliers == 0 -> "${row.highOutliers} high"
        row.highOutliers == 0 -> "${row.lowOutliers} low"
        else -> "${row.lowOutliers} low, ${row.highOutliers} high"
    }

    private fun StringBuilder.charts(rows: List<ResultRow>) {
        val specs = Charts.specs(rows)
        if (specs.isEmpty()) return
        appendLine("## Charts")
        appendLine()
        for (spec in specs) {
            appendLine("![${spec.title}](${Charts.DIRECTORY}/${spec.fileName}.png)")
            appendLine()
            appendLine("[${spec.title}, SVG](${Charts.DIRECTORY}/${spec.fileName}.svg)")
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
            appendLine()
            return
        }
        appendLine("Delta is multithreaded minus single thread: negative means ParallelJson took less time.")
        appendLine()
        for ((operation, comparison) in comparisons) {
            appendLine("### ${operation.displayName.replaceFirstChar { it.uppercase() }}")
            appendLine()
            val table = MarkdownTable(
                listOf(right("N"), right("Multithreaded"), right("Single thread"), right("Delta"), left("Speedup")),
            )
            for (pair in comparison) {
                table.row(
                    Units.count(pair.size),
                    Units.duration(pair.multiNanos),
                    Units.duration(pair.singleNanos),
                    "${Units.duration(pair.deltaNanos)} (${Units.signedPercent(pair.deltaFraction)})",
                    pair.verdict,
                )
            }
            table.appendTo(this)
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
                    "(${Units.ratio(better.value)} on average, " +
                    "against ${Units.ratio(worse.value)} for ${worse.key.displayName}).",
            )
        }
        appendLine()
    }
}
