package serialbench.report

import serialbench.results.BenchmarkResults

/**
 * A short markdown summary of a run for a CI job's summary page (`target/benchmark-summary.md`): rows measured, and
 * with a previous run the rows compared, the regressions and improvements as the gate judges them
 * ([RegressionGate], with `bench.baseline.failOn`, else `bench.baseline.threshold`), then the machine's stability.
 * A pure function of the two results.
 */
object CiSummary {
    fun render(current: BenchmarkResults, previous: BenchmarkResults?): String = buildString {
        appendLine("## Benchmark summary")
        appendLine()
        appendLine("- Rows measured: ${RunComparison.rows(current).size}.")
        if (previous == null) {
            appendLine("- No previous run to compare with (`${RunComparison.RESULTS_PROPERTY}` not given).")
        } else {
            comparison(current, previous)
        }
        appendLine("- ${StabilityNote.line(current.stability)}")
        current.walkStability?.let { appendLine("- ${StabilityNote.walkLine(it)}") }
    }

    private fun StringBuilder.comparison(current: BenchmarkResults, previous: BenchmarkResults) {
        val properties = current.environment.benchProperties
        val failOn = properties[RunComparison.FAIL_ON_PROPERTY]?.toDoubleOrNull()
        val property = if (failOn != null) RunComparison.FAIL_ON_PROPERTY else RunComparison.THRESHOLD_PROPERTY
        val limit =
            failOn ?: properties[RunComparison.THRESHOLD_PROPERTY]?.toDoubleOrNull()
                ?: RunComparison.DEFAULT_THRESHOLD_PERCENT
        val pairs = RunComparison.pairs(previous, current)
        appendLine(
            "- Rows compared with the previous run (${previous.environment.date}): ${pairs.size} " +
                "(only in this run: ${RunComparison.rows(current).size - pairs.size}, only in the previous run: " +
                "${RunComparison.rows(previous).size - pairs.size}).",
        )
        val regressions = RegressionGate.regressions(previous, current, limit)
        val improvements = RegressionGate.improvements(previous, current, limit)
        val criterion = "by more than ${Units.percent(limit)} (`$property`)"
        appendLine(
            "- Regressions, significantly slower $criterion: " +
                "${regressions.size}${if (failOn != null && regressions.isNotEmpty()) ", the run fails" else ""}.",
        )
        for (row in regressions) appendLine("  - ${RegressionGate.line(row)}")
        appendLine("- Improvements, significantly faster $criterion: ${improvements.size}.")
        for (row in improvements) appendLine("  - ${RegressionGate.line(row)}")
    }
}
