package serialbench.report

import serialbench.measure.CompiledThrough
import serialbench.results.BenchmarkResults
import serialbench.results.CodecPair
import serialbench.results.E2eResults
import serialbench.results.ForkMachine
import serialbench.results.JmhResults
import serialbench.results.Operation
import serialbench.results.ResultRow
import serialbench.results.RunMethod
import serialbench.results.UnsupportedCell

/**
 * Renders a run as GitHub-flavoured markdown: a pure function of the results (which record how they were made,
 * [RunMethod]), JMH's scores for the same code ([jmh], if the cross-check ran), an earlier run to compare with
 * ([previous], if given) and an end-to-end HTTP run ([e2e], if given; its section comes last). A results file from
 * before the method was recorded still renders; its report says what it does not know. With several shapes, each gets
 * its own part, headed by its name.
 */
object MarkdownReport {

    fun render(
        results: BenchmarkResults,
        jmh: JmhResults? = null,
        previous: BenchmarkResults? = null,
        e2e: E2eResults? = null,
    ): String = buildString {
        val pairs = results.method?.parallelPairs ?: CodecPair.LEGACY
        appendLine("# Serialization benchmark")
        appendLine()
        EnvironmentTable.render(this, results.environment)
        conditions(results)
        StabilityNote.render(this, results.stability, results.walkStability)
        val shapes = results.shapes
        for (shape in shapes) {
            val rows = results.results.filter { it.shape == shape }
            val unsupported = results.unsupported.filter { it.shape == shape && it.decoder == null && it.io == null }
            if (shapes.size > 1) {
                appendLine("# Shape `$shape`")
                appendLine()
                results.method?.shapes?.firstOrNull { it.id == shape }?.let {
                    appendLine("${it.description}.")
                    appendLine()
                }
            }
            val info = results.method?.shapes?.firstOrNull { it.id == shape }
            val oneDocument = info?.model?.measuredAsDocument == true
            SummaryTables.render(this, rows, oneDocument)
            notSupported(unsupported)
            if (info?.file != null) InputFileSection.dataKept(this, rows)
            info?.model?.let { ModelSection.render(this, it, rows) }
            Ranking.render(this, rows, oneDocument)
            parallelVersusSingle(rows, pairs.first(), ForkDisturbance.marked(results))
            ChartsSection.render(this, Charts.specs(rows, shape, pairs))
            PayloadTable.render(this, rows, oneDocument)
            val streaming = results.streaming.filter { it.shape == shape }
            StreamingTables.render(
                this,
                streaming,
                results.unsupported.filter { it.shape == shape && it.decoder != null },
                Charts.streamingSpec(streaming, shape),
            )
            IoTables.render(
                this,
                results.ioPaths.filter { it.shape == shape },
                results.unsupported.filter { it.shape == shape && it.io != null },
            )
            perCodec(rows, results.method)
        }
        StreamingTables.renderMemory(this, results.streamingMemory)
        ForkTable.render(this, results.results, results.forkMachines)
        SplitChoices.render(this, results.results)
        CeilingTable.render(this, results.results, results.ceiling, pairs)
        DocumentSetTable.render(this, results.documentSet, pairs, ForkDisturbance.machineSlower(results))
        val coldStartFlags = results.method?.coldStartJvmFlags
        ColdStartTable.render(this, results.coldStart, results.results, coldStartFlags)
        RobustnessTable.render(this, results.robustness)
        PhaseTable.render(this, results.phaseNanos)
        HarnessVersusJmh.render(this, jmh, results.results)
        RunComparison.render(this, previous, results)
        if (e2e != null) {
            appendLine()
            append(E2eSection.render(e2e))
        }
    }

    /** The report of [inputs]. */
    fun render(inputs: ReportInputs): String = render(inputs.results, inputs.jmh, inputs.previous, inputs.e2e)

    private fun StringBuilder.notSupported(cells: List<UnsupportedCell>) {
        if (cells.isEmpty()) return
        appendLine("## Not supported")
        appendLine()
        val table = MarkdownTable(listOf(left("Codec"), left("Shape"), left("Why")))
        for (cell in cells) table.row("`${cell.codec}`", "`${cell.shape}`", "not supported: ${cell.reason}")
        table.appendTo(this)
    }

    private fun StringBuilder.conditions(results: BenchmarkResults) {
        appendLine("## Test conditions")
        appendLine()
        val method = results.method
        if (method == null) {
            legacyConditions(results)
            return
        }
        for (shape in method.shapes) {
            if (shape.file != null) {
                appendLine(InputFileSection.condition(shape, shape.file))
                continue
            }
            if (shape.model != null) {
                appendLine(ModelSection.condition(shape, shape.model))
                continue
            }
            appendLine(
                "- Shape `${shape.id}`: ${shape.description}, generated from seed ${method.seed}; sizes " +
                    "(elements per list): ${shape.sizes.joinToString(", ") { Units.count(it) }}.",
            )
        }
        val oneJvm = "Errors and verdicts see the spread within that JVM, not the spread from one JVM to the next, " +
            "which can be larger (`-Dbench.forks=2` or more measures it)."
        val where = when (method.forks) {
            0 -> "All codecs ran in the one JVM of the benchmark (`-Dbench.forks=0`). $oneJvm"

            1 -> "Each codec ran in a JVM of its own (a fork, as JMH's). $oneJvm"

            else ->
                "Each codec ran in ${method.forks} JVMs of its own (forks, as JMH's), " +
                    (
                        if (method.forksInRounds) {
                            "in rounds (the first fork of every codec, then the second, ...: a machine that sped " +
                                "up or slowed down during the run weighs on every codec alike)"
                        } else {
                            "one after the other"
                        }
                        ) +
                    "; every statistic pools the repetitions of all forks" +
                    if (method.errorOverForkMeans) {
                        " but the error, which is over the ${method.forks} fork means (Student's t, " +
                            "${method.forks - 1} degrees of freedom), so it covers the spread between JVMs"
                    } else {
                        ", the error too (every repetition weighed as independent, which understates the spread " +
                            "between JVMs)"
                    } + "; faster or slower also needs every fork's mean beyond every fork mean of the other row."
        }
        appendLine("- $where")
        if (method.jvmFlagsOrigin.isNotEmpty()) {
            appendLine(
                "- The JVMs that measured had `${method.jvmFlags.joinToString(" ")}`: ${method.jvmFlagsOrigin}.",
            )
        }
        appendLine(
            "- Each codec first runs for ${method.codecWarmUpMillis} ms on " + codecWarmUpText(method) +
                ". Then, shape by shape and " +
                "size by size, each operation is warmed up (${warmUpText(method)}, discarded) and timed over " +
                "${method.repetitions} repetitions" +
                (
                    if (method.forks >
                        1
                    ) {
                        " (${method.repetitions / method.forks} in each of ${method.forks} forks)"
                    } else {
                        ""
                    }
                    ) +
                "; a repetition serializes the whole " +
                "list to one payload, or deserializes that payload back to the list. Every result goes to a " +
                "blackhole.",
        )
        appendLine(
            "- A full GC runs between each warm-up and its timed repetitions, so no earlier garbage is collected " +
                "during them" + youngCycle(method, results.forkMachines) +
                "; collections during the timed repetitions are counted in GC.",
        )
        RepetitionCalls.line(results)?.let(::appendLine)
        appendLine(
            "- Outliers (outside Tukey's fences, 1.5 IQR beyond the quartiles) are counted in the per-codec tables " +
                "and kept in every statistic. Drift there is the median of the second half of the repetitions over " +
                "the first half's, minus 1: near 0 at steady state. A series whose drift is " +
                "${Units.signedPercent(-method.steadyDriftPercent / 100)} or less " + rankTest(method) +
                compilation(method) + "was still warming up: " +
                when {
                    method.driftDropsHalfSeries ->
                        "its first half is dropped and it goes on from its second half with as many calls again, " +
                            "up to ${method.maxRepeatedSeries} times (\"dropped\" in the Drift column)."

                    method.warmUpBeforeRepeatedSeries ->
                        "it is discarded and measured again, up to ${method.maxRepeatedSeries} times " +
                            "(\"discarded\" in the Drift column)."

                    else ->
                        "it is discarded and measured again, up to ${method.maxRepeatedSeries} times " +
                            "(\"discarded\" in the Drift column), right after it: the discarded series was the " +
                            "warm-up."
                },
        )
        compilingRepeats(method)?.let(::appendLine)
        appendLine(
            "- Error is half the ${Units.percent(method.confidenceLevel * 100)} confidence interval of the mean; " +
                "ratios are taken against `${method.baseline}`.",
        )
        appendLine()
    }

    /** The rule that measures again a series the JIT compiled through, in words; none in files from before it. */
    private fun compilingRepeats(method: RunMethod): String? = if (method.maxCompilingRepeats > 0) {
        "- A series during whose timed repetitions the JIT compiled for more than " +
            "${Units.percent(
                CompiledThrough.SHARE_PERCENT,
            )} of their time and more than ${CompiledThrough.MIN_MILLIS} " +
            "ms is measured again after a warm-up, up to ${method.maxCompilingRepeats} " +
            (if (method.maxCompilingRepeats == 1) "time" else "times") + " (\"measured again: JIT\" in the Drift " +
            "column): the compiler held a core the calls would have had, the one a parallel codec's second thread " +
            "needs on two cores."
    } else {
        null
    }

    /** The compilation a drifting series also needed, in words; none in files from before that rule. */
    private fun compilation(method: RunMethod): String = if (method.driftNeedsCompilation) {
        "and during whose first half the JIT compiled (a drift without compilation is the machine's noise, kept " +
            "as measured) "
    } else {
        ""
    }

    /** The rank test a drifting series also had to pass, in words; none in files from before it. */
    private fun rankTest(method: RunMethod): String = if (method.driftAlpha > 0) {
        "whose second half a one-sided Mann-Whitney U test also finds faster (p < ${method.driftAlpha}) "
    } else {
        ""
    }

    /**
     * Where the timed repetitions began in the young generation's cycle, in words: nothing in files from before, nor
     * where no fork's collector counted its young collections apart; the forks that did, where others did not.
     */
    private fun youngCycle(method: RunMethod, forks: List<ForkMachine>): String {
        if (!method.timedCallsAtRandomYoungCycle) return ""
        val placing = forks.mapNotNull { it.seriesInYoungCycle }
        if (placing.isNotEmpty() && placing.none { it > 0 }) return ""
        val some = if (placing.size == forks.size && placing.any { it == 0 }) {
            " (in ${placing.count { it > 0 }} of ${forks.size} forks: the others' collector does not count young " +
                "collections apart)"
        } else {
            ""
        }
        return ", then garbage fills the young generation to a random place in its cycle$some, so that over the " +
            "forks a young collection falls within them as often as their allocation says (collections that large " +
            "arrays outside it bring on, as G1's humongous ones, still count from the full GC)"
    }

    private fun codecWarmUpText(method: RunMethod): String = if (method.codecWarmUpCompilesSmallest) {
        "each shape's smallest size and on up to ${Units.count(method.codecWarmUpSize)} elements, half the time each"
    } else {
        "up to ${Units.count(method.codecWarmUpSize)} elements of each shape"
    }

    private fun warmUpText(method: RunMethod): String = when {
        method.codecWarmUpCompilesSmallest ->
            "up to ${method.warmupCalls} calls, fewer once the last two were not " +
                "${method.steadyDriftPercent.toInt()}% faster than the fastest before them, for at most " +
                "${method.warmupMillis} ms past the first call" +
                (if (method.laterWarmUpFromPlainCallStart) " (from its start, where it checked nothing)" else "") +
                ", the code compiled by the codec's first run; code " +
                "that run did not reach (an I/O path) for at least ${method.warmupMillis} ms at its first size" +
                (if (method.jitQuietMillis > 0) jitWaitText(method) else "")

        method.warmUpEndsWhenSteady ->
            "at least ${method.warmupMillis} ms" +
                (if (method.warmupMillisOncePerCode) " at the first size only, whose calls compile the code" else "") +
                (if (method.laterWarmUpWithinMillis) " (at a later size at most that past its first call)" else "") +
                ", then up to ${method.warmupCalls} calls in all, fewer once the last two were not " +
                "${method.steadyDriftPercent.toInt()}% faster than the fastest before them" +
                (if (method.jitQuietMillis > 0) jitWaitText(method) else "")

        else -> "at least ${method.warmupCalls} calls and ${method.warmupMillis} ms"
    }

    private fun jitWaitText(method: RunMethod): String {
        val documentSet = method.documentMaxJitWaitMillis.takeIf { it > 0 }
            ?.let { "; on a document at most $it ms" }
            .orEmpty()
        return "; then on while the JIT compilers were still compiling, until they had finished nothing for " +
            "${method.jitQuietMillis} ms (at most ${method.maxJitWaitMillis} ms more$documentSet)"
    }

    /** A results file that does not record its method: only what its properties say. */
    private fun StringBuilder.legacyConditions(results: BenchmarkResults) {
        val properties = results.environment.benchProperties
        val sizes = results.results.map { it.size }.distinct().sorted()
        appendLine("- Sizes (objects per list): ${sizes.joinToString(", ") { Units.count(it) }}.")
        appendLine("- Properties: ${properties.entries.joinToString(", ") { "`${it.key}=${it.value}`" }}.")
        appendLine(
            "- This results file does not record how it was made (warm-up rule, drift limit, forks): it was " +
                "written before results carried their method.",
        )
        appendLine()
    }

    private fun StringBuilder.perCodec(rows: List<ResultRow>, method: RunMethod?) {
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
                    drift(row, method),
                    row.allocatedBytesPerOp?.let(Units::bytes) ?: "-",
                    Units.bytes(row.payloadBytes.toLong()),
                )
            }
            table.appendTo(this)
        }
    }

    private fun drift(row: ResultRow, method: RunMethod?): String {
        val drift = row.driftPercent?.let { Units.signedPercent(it / 100) } ?: "-"
        val dropped = if (method?.driftDropsHalfSeries == true) "half series dropped" else "discarded"
        val again = listOfNotNull(
            "${row.repeatedSeries} $dropped".takeIf { row.repeatedSeries > 0 },
            "${row.compilingRepeats} measured again: JIT".takeIf { row.compilingRepeats > 0 },
        )
        return if (again.isEmpty()) drift else "$drift (${again.joinToString(", ")})"
    }

    private fun outliers(row: ResultRow): String = when {
        row.lowOutliers == 0 && row.highOutliers == 0 -> "0"
        row.lowOutliers == 0 -> "${row.highOutliers} high"
        row.highOutliers == 0 -> "${row.lowOutliers} low"
        else -> "${row.lowOutliers} low, ${row.highOutliers} high"
    }

    private fun StringBuilder.parallelVersusSingle(
        rows: List<ResultRow>,
        pair: CodecPair,
        marks: Set<Pair<String, Int>>,
    ) {
        appendLine("## ParallelJson vs Json")
        appendLine()
        val comparisons = Operation.entries.associateWith { operation ->
            Comparison.of(rows, operation, multi = pair.multi, single = pair.single)
        }
        if (comparisons.values.all { it.isEmpty() }) {
            appendLine("Not measured: this run needs both `${pair.multi}` and `${pair.single}`.")
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
            var decided = false
            for (pair in comparison) {
                val byMarked = ForkDisturbance.decides(pair.multi, marks, pair.single, marks)
                decided = decided || byMarked
                table.row(
                    Units.count(pair.size),
                    Units.duration(pair.multiNanos),
                    Units.duration(pair.singleNanos),
                    "${Units.duration(pair.deltaNanos)} (${Units.signedPercent(pair.deltaFraction)})",
                    pair.verdict + if (byMarked) " ${ForkDisturbance.MARK}" else "",
                )
            }
            table.appendTo(this)
            if (decided) {
                appendLine(ForkDisturbance.DECIDED_NOTE)
                appendLine()
            }
        }
        appendLine("## Conclusion")
        appendLine()
        for ((operation, comparison) in comparisons) {
            if (comparison.isNotEmpty()) appendLine("- ${Comparison.summary(operation, comparison)}")
        }
        gains(comparisons.filterValues { it.isNotEmpty() })
        appendLine()
    }

    /**
     * Which operation gains more from threads, said only where the bounds of the two average speedups (from each
     * size's 99.9% intervals) do not overlap.
     */
    private fun StringBuilder.gains(comparisons: Map<Operation, List<Comparison>>) {
        if (comparisons.size != 2) return
        val (first, second) = comparisons.entries.toList()
        val bounds = comparisons.mapValues { (_, c) -> Comparison.averageSpeedupBounds(c) }
        val (a, b) = bounds[first.key] to bounds[second.key]
        val average = comparisons.mapValues { (_, c) -> Comparison.averageSpeedup(c) }
        if (a == null || b == null || !(a.start > b.endInclusive || b.start > a.endInclusive)) {
            appendLine(
                "- Neither operation is shown to gain more from threads (${Units.ratio(average.getValue(first.key))} " +
                    "for ${first.key.displayName}, " +
                    "${Units.ratio(average.getValue(second.key))} for ${second.key.displayName}" +
                    if (a == null || b == null) "; errors not recorded)." else "; their 99.9% bounds overlap).",
            )
            return
        }
        val (better, worse) = if (a.start > b.endInclusive) first to second else second to first
        appendLine(
            "- ${better.key.displayName.replaceFirstChar { it.uppercase() }} gains more from threads " +
                "(${Units.ratio(average.getValue(better.key))} on average, " +
                "against ${Units.ratio(average.getValue(worse.key))} for ${worse.key.displayName}; " +
                "their 99.9% bounds do not overlap).",
        )
    }
}
