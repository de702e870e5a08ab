package serialbench.perf

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.report.ReportFiles
import serialbench.run.BenchConfig
import serialbench.run.BenchmarkProgram
import serialbench.run.RunCompleteness
import java.util.concurrent.TimeUnit

/**
 * The benchmark: [BenchmarkProgram] with the `-Dbench.*` configuration (the run, the report, the check that the
 * results are complete: [RunCompleteness]). Writes `target/benchmark-report.md`, `target/benchmark-results.json`
 * and `target/charts/`.
 */
@Tag("perf")
@Order(TestOrder.PERF)
@Timeout(value = 2, unit = TimeUnit.HOURS)
class BenchmarkTest {
    private val config = BenchConfig.fromSystemProperties()
    private val startedNanos = System.nanoTime()

    @Test
    fun `every codec is measured on every shape and size it supports, and the report is written`() {
        val outcome = BenchmarkProgram(config, ReportFiles.inBuildDirectory(), ::log).run()

        // the program fails an incomplete run itself; said here too, as this test's own sentence
        assertThat(RunCompleteness.problems(config, outcome.results)).isEmpty()
        // the files are written; a regression beyond bench.baseline.failOn fails the run, naming every regressed row
        if (outcome.regressionMessage != null) fail<Unit>(outcome.regressionMessage)
    }

    private fun log(line: String) = println("[bench] ${elapsed()} $line")

    private fun elapsed(): String {
        val seconds = (System.nanoTime() - startedNanos) / 1_000_000_000
        return "%d:%02d".format(seconds / 60, seconds % 60)
    }
}
