package serialbench.report

import kotlin.math.abs
import serialbench.results.BenchmarkResults
import serialbench.results.Environment
import serialbench.results.ResultRow

/**
 * This run against an earlier results file, row by row (same codec, operation and size). A change is flagged
 * only where the two 99.9% confidence intervals of the mean do not overlap and the means differ by at least the
 * threshold (`bench.baseline.threshold`): each run's error covers the noise within that run, not the spread
 * from one JVM to the next, which on a shared machine is larger. Where either row has no error (one
 * repetition, or a file from before errors were recorded) the verdict is unknown.
 */
internal object RunComparison {
    enum class Verdict(val label: String) {
        REGRESSION("🔴 slower"),
        IMPROVEMENT("🟢 faster"),
        WITHIN_ERROR("within error"),
        BELOW_THRESHOLD("below threshold"),
        UNKNOWN("no error known"),
    }

    const val DEFAULT_THRESHOLD_PERCENT = 10.0

    /** The `bench.*` properties that name the comparison itself, not the way the figures were made. */
    const val THRESHOLD_PROPERTY = "bench.baseline.threshold"
    const val RESULTS_PROPERTY = "bench.baseline.results"

    fun verdict(
        previous: ResultRow,
        current: ResultRow,
        thresholdPercent: Double = DEFAULT_THRESHOLD_PERCENT,
    ): Verdict {
        if (previous.errorNanos == null || current.errorNanos == null) return Verdict.UNKNOWN
        val before = previous.confidenceIntervalNanos
        val now = current.confidenceIntervalNanos
        val beyondError = when {
            now.start > before.endInclusive -> Verdict.REGRESSION
            now.endInclusive < before.start -> Verdict.IMPROVEMENT
            else -> return Verdict.WITHIN_ERROR
        }
        val changePercent = abs(current.meanNanos / previous.meanNanos - 1) * 100
        return if (changePercent >= thresholdPercent) beyondError else Verdict.BELOW_THRESHOLD
    }

    fun render(out: StringBuilder, previous: BenchmarkResults?, current: BenchmarkResults) = with(out) {
        if (previous == null) return
        appendLine("## Compared with a previous run")
        appendLine()
        val then = previous.environment
        appendLine("Previous run: ${then.date}, ${then.cpuModel}, JVM flags `${then.jvmFlags.joinToString(" ")}`.")
        appendLine()
        val differences = settingsDifferences(then, current.environment)
        if (differences.isNotEmpty()) {
            appendLine(
                "⚠️ The runs differ in ${differences.joinToString(", ")}: a change below may come from that, " +
                    "not from the code. Codecs share the JVM, so even the set of codecs run moves the others' figures.",
            )
            appendLine()
        }
        // decodes from a stream compare too, decoder by decoder
        val before = previous.results + previous.streaming
        val now = current.results + current.streaming
        val earlier = before.associateBy { listOf(it.codec, it.decoder, it.shape, it.operation, it.size) }
        val pairs = now.mapNotNull { row ->
            earlier[listOf(row.codec, row.decoder, row.shape, row.operation, row.size)]?.let { it to row }
        }
        val onlyNow = now.size - pairs.size
        val onlyBefore = before.size - pairs.size
        if (pairs.isEmpty()) {
            appendLine("No row of this run (codec, operation, size) is in the previous run.")
            appendLine()
            return
        }
        val threshold = current.environment.benchProperties[THRESHOLD_PROPERTY]?.toDoubleOrNull()
            ?: DEFAULT_THRESHOLD_PERCENT
        val verdicts = pairs.map { (before, now) -> verdict(before, now, threshold) }
        val unknown = verdicts.count { it == Verdict.UNKNOWN }
        appendLine(
            "Change is this run's mean over the previous mean, minus 1. Slower or faster only where the 99.9% " +
                "confidence intervals do not overlap and the change is at least ${Units.percent(threshold)} " +
                "(`${THRESHOLD_PROPERTY}`): ${verdicts.count { it == Verdict.REGRESSION }} slower, " +
                "${verdicts.count { it == Verdict.IMPROVEMENT }} faster, " +
                "${verdicts.count { it == Verdict.BELOW_THRESHOLD }} beyond the error but below the threshold, " +
                "${verdicts.count { it == Verdict.WITHIN_ERROR }} within error" +
                (unknown.takeIf { it > 0 }?.let { ", $it without a known error" } ?: "") +
                "; rows only in this run: $onlyNow, only in the previous run: $onlyBefore.",
        )
        appendLine()
        val table = MarkdownTable(
            listOf(
                left("Codec"), left("Operation"), right("N"), right("Previous"), right("This run"), right("Change"),
                left("Verdict"),
            ),
        )
        pairs.zip(verdicts).forEach { (pair, verdict) ->
            val (before, now) = pair
            table.row(
                "`${now.codec}${now.decoder?.let { "/$it" } ?: ""}`",
                now.decoder?.let { "decode from a stream" } ?: now.operation.verb,
                Units.count(now.size),
                meanWithError(before),
                meanWithError(now),
                Units.signedPercent(now.meanNanos / before.meanNanos - 1),
                verdict.label,
            )
        }
        table.appendTo(this)
    }

    /** What shapes the figures besides the code: the `bench.*` values (not the comparison's), flags, CPU, JVM. */
    fun settingsDifferences(previous: Environment, current: Environment): List<String> {
        val keys = (previous.benchProperties.keys + current.benchProperties.keys) -
            setOf(RESULTS_PROPERTY, THRESHOLD_PROPERTY)
        val properties = keys.filter { previous.benchProperties[it] != current.benchProperties[it] }.map { "`$it`" }
        val environment = listOfNotNull(
            "JVM flags".takeIf { previous.jvmFlags != current.jvmFlags },
            "CPU".takeIf {
                previous.cpuModel != current.cpuModel || previous.availableProcessors != current.availableProcessors
            },
            "JVM".takeIf { previous.jvm != current.jvm },
        )
        return properties + environment
    }

    private fun meanWithError(row: ResultRow): String =
        Units.duration(row.meanNanos) + (row.errorNanos?.let { " ± ${Units.duration(it)}" } ?: "")
}
