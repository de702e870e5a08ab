package serialbench.report

import serialbench.measure.Significance
import serialbench.measure.Significance.Direction
import serialbench.results.BenchmarkResults
import serialbench.results.Environment
import serialbench.results.PlausibleResults
import serialbench.results.ResultRow
import kotlin.math.abs

/**
 * This run against an earlier results file, row by row (same codec, decoder, I/O path, shape, operation and size). A
 * change is flagged only where the two rows differ significantly ([Significance]: a Mann-Whitney U test on the
 * stored repetitions, or, for a file without them, 99.9% confidence intervals that do not overlap) and the means
 * differ by at least the threshold (`bench.baseline.threshold`). Where either row was measured in two forks or more,
 * the difference must also exceed the spread between its JVMs ([Significance.FORK_RULE]): else the verdict is
 * [Verdict.WITHIN_FORK_SPREAD]. A row of one JVM sees only the noise within that JVM, not the spread from one JVM to
 * the next, which on a shared machine is larger: hence the threshold. Where neither test can be made (no
 * repetitions and no error) the verdict is unknown.
 */
object RunComparison {
    enum class Verdict(val label: String) {
        REGRESSION("🔴 slower"),
        IMPROVEMENT("🟢 faster"),
        SAME("same"),
        WITHIN_FORK_SPREAD("same, within the forks' spread"),
        BELOW_THRESHOLD("below threshold"),
        UNKNOWN("no error known"),
    }

    const val DEFAULT_THRESHOLD_PERCENT = 10.0

    /** The `bench.*` properties that name the comparison itself, not the way the figures were made. */
    const val THRESHOLD_PROPERTY = "bench.baseline.threshold"
    const val RESULTS_PROPERTY = "bench.baseline.results"
    const val FAIL_ON_PROPERTY = "bench.baseline.failOn"

    /** One row of both runs, with the test of their difference ([Significance.Difference.direction] of [current]). */
    class RowPair(val previous: ResultRow, val current: ResultRow) {
        val difference: Significance.Difference by lazy { Significance.compare(current, previous) }

        /** This run's mean over the previous one, minus 1. */
        val changeFraction: Double get() = current.meanNanos / previous.meanNanos - 1
    }

    /**
     * The rows of [current] that [previous] has too (codec rows, decodes from a stream, I/O paths), in [current]'s
     * order.
     */
    fun pairs(previous: BenchmarkResults, current: BenchmarkResults): List<RowPair> {
        val earlier = rows(previous).associateBy(PlausibleResults::key)
        return rows(current).mapNotNull { row -> earlier[PlausibleResults.key(row)]?.let { RowPair(it, row) } }
    }

    fun rows(results: BenchmarkResults): List<ResultRow> = results.results + results.streaming + results.ioPaths

    fun verdict(
        previous: ResultRow,
        current: ResultRow,
        thresholdPercent: Double = DEFAULT_THRESHOLD_PERCENT,
    ): Verdict = verdict(RowPair(previous, current), thresholdPercent)

    fun verdict(pair: RowPair, thresholdPercent: Double): Verdict {
        val beyondNoise = when (pair.difference.direction) {
            Direction.SLOWER -> Verdict.REGRESSION
            Direction.FASTER -> Verdict.IMPROVEMENT
            Direction.SAME -> return if (pair.difference.withinForkSpread) Verdict.WITHIN_FORK_SPREAD else Verdict.SAME
            Direction.UNKNOWN -> return Verdict.UNKNOWN
        }
        return if (abs(pair.changeFraction) * 100 >= thresholdPercent) beyondNoise else Verdict.BELOW_THRESHOLD
    }

    fun render(out: StringBuilder, previous: BenchmarkResults?, current: BenchmarkResults) = with(out) {
        if (previous == null) return
        appendLine("## Compared with a previous run")
        appendLine()
        val then = previous.environment
        appendLine("Previous run: ${then.date}, ${then.cpuModel}, JVM flags `${then.jvmFlags.joinToString(" ")}`.")
        appendLine()
        StabilityNote.compared(previous, current)?.let {
            appendLine(it)
            appendLine()
        }
        val differences = settingsDifferences(then, current.environment)
        if (differences.isNotEmpty()) {
            appendLine(
                "⚠️ The runs differ in ${differences.joinToString(", ")}: a change below may come from that, " +
                    "not from the code. Codecs share the JVM, so even the set of codecs run moves the others' figures.",
            )
            appendLine()
        }
        // decodes from a stream and I/O paths compare too, decoder by decoder and path by path
        val pairs = pairs(previous, current)
        val onlyNow = rows(current).size - pairs.size
        val onlyBefore = rows(previous).size - pairs.size
        if (pairs.isEmpty()) {
            appendLine("No row of this run (codec, operation, size) is in the previous run.")
            appendLine()
            return
        }
        val threshold = current.environment.benchProperties[THRESHOLD_PROPERTY]?.toDoubleOrNull()
            ?: DEFAULT_THRESHOLD_PERCENT
        val verdicts = pairs.map { verdict(it, threshold) }
        val unknown = verdicts.count { it == Verdict.UNKNOWN }
        val forked = pairs.any { Significance.forked(it.previous) || Significance.forked(it.current) }
        val withinForks = verdicts.count { it == Verdict.WITHIN_FORK_SPREAD }
        val forkRule = if (forked) "; ${Significance.FORK_RULE}" else ""
        appendLine(
            "Change is this run's mean over the previous mean, minus 1. Slower or faster only where the rows differ " +
                "significantly (${Significance.METHOD}; p is the Mann-Whitney test's, `-` where the intervals " +
                "decided$forkRule) and the change is at least ${Units.percent(threshold)} (`${THRESHOLD_PROPERTY}`): " +
                "${verdicts.count { it == Verdict.REGRESSION }} slower, " +
                "${verdicts.count { it == Verdict.IMPROVEMENT }} faster, " +
                "${verdicts.count { it == Verdict.BELOW_THRESHOLD }} significant but below the threshold, " +
                "${verdicts.count { it == Verdict.SAME }} the same" +
                (if (forked) ", $withinForks the same within the forks' spread" else "") +
                (unknown.takeIf { it > 0 }?.let { ", $it without a known error" } ?: "") +
                "; rows only in this run: $onlyNow, only in the previous run: $onlyBefore.",
        )
        appendLine()
        val table = MarkdownTable(
            listOf(
                left("Codec"),
                left("Operation"),
                right("N"),
                right("Previous"),
                right("This run"),
                right("Change"),
                right("p"),
                left("Verdict"),
            ),
        )
        val marksThen = ForkDisturbance.marked(previous)
        val marksNow = ForkDisturbance.marked(current)
        var decided = false
        pairs.zip(verdicts).forEach { (pair, verdict) ->
            val now = pair.current
            val byMarked = ForkDisturbance.decides(now, marksNow, pair.previous, marksThen)
            decided = decided || byMarked
            table.row(
                "`${now.codec}${now.decoder?.let { "/$it" } ?: ""}`",
                now.decoder?.let { "decode from a stream" }
                    ?: (now.operation.verb + (now.io?.let { " (${it.id})" } ?: "")),
                Units.count(now.size),
                meanWithError(pair.previous),
                meanWithError(now),
                Units.signedPercent(pair.changeFraction),
                pair.difference.pValue?.let(Units::pValue) ?: "-",
                verdict.label + if (byMarked) " ${ForkDisturbance.MARK}" else "",
            )
        }
        table.appendTo(this)
        if (decided) {
            appendLine(
                "${ForkDisturbance.MARK}: a fork the machine may have disturbed, in either run (each run's Forks " +
                    "section), decided this verdict: without it the rows compare otherwise, or every fork of a row " +
                    "was marked.",
            )
            appendLine()
        }
    }

    /** What shapes the figures besides the code: the `bench.*` values (not the comparison's), flags, CPU, JVM. */
    fun settingsDifferences(previous: Environment, current: Environment): List<String> {
        val keys = (previous.benchProperties.keys + current.benchProperties.keys) -
            setOf(RESULTS_PROPERTY, THRESHOLD_PROPERTY, FAIL_ON_PROPERTY)
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
