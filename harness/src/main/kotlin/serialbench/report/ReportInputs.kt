package serialbench.report

import serialbench.results.BenchmarkResults
import serialbench.results.E2eResults
import serialbench.results.JmhResults

/**
 * Everything a report is made of, given explicitly: this run's [results], and optionally a [previous] run to
 * compare with, the JMH cross-check's scores ([jmh]) and an end-to-end HTTP run ([e2e]). The report is a pure
 * function of these; nothing is read from an earlier run's files unless a caller read it and put it here
 * (`bench.baseline.results`, or the program's `report` command).
 */
data class ReportInputs(
    val results: BenchmarkResults,
    val previous: BenchmarkResults? = null,
    val jmh: JmhResults? = null,
    val e2e: E2eResults? = null,
)
