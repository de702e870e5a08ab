package serialbench.perf

import java.util.concurrent.TimeUnit
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.report.ReportFiles
import serialbench.results.BenchmarkResults
import serialbench.results.Operation
import serialbench.run.BenchConfig
import serialbench.run.BenchmarkRun

/**
 * The benchmark: [BenchmarkRun] with the `-Dbench.*` configuration, then checks on what it returned, then the
 * report. Writes `target/benchmark-report.md`, `target/benchmark-results.json` and `target/charts/`.
 */
@Tag("perf")
@Order(TestOrder.PERF)
@Timeout(value = 2, unit = TimeUnit.HOURS)
class BenchmarkTest {
    private val config = BenchConfig.fromSystemProperties()
    private val previous: BenchmarkResults? = config.baselineResults?.let(ReportFiles::readResults)
    private val startedNanos = System.nanoTime()

    @Test
    fun `every codec is measured on every shape and size it supports, and the report is written`() {
        val results = BenchmarkRun(config, ::log).run()

        val shapes = checkNotNull(results.method).shapes
        assertThat(shapes.map { it.id }).containsExactlyElementsOf(config.shapes + listOfNotNull(config.input?.let { "file:${it.name}" }))
        val expectedCells = shapes.flatMap { shape ->
            config.codecs.filter { codec -> results.unsupported.none { it.codec == codec && it.shape == shape.id } }
                .flatMap { codec -> shape.sizes.flatMap { size -> Operation.entries.map { listOf(codec, shape.id, size, it) } } }
        }
        assertThat(results.results.map { listOf(it.codec, it.shape, it.size, it.operation) }).containsExactlyInAnyOrderElementsOf(expectedCells)
        val repetitionsPerRow = config.repetitions * maxOf(config.forks, 1)
        assertThat(results.results).allSatisfy { row ->
            assertThat(row.repetitions).isEqualTo(repetitionsPerRow)
            assertThat(row.meanNanos).isPositive()
            assertThat(row.payloadBytes).isPositive()
            assertThat(row.forks).isEqualTo(config.forks)
            if (results.results.any { it.codec == config.baseline && it.shape == row.shape && it.size == row.size }) {
                assertThat(row.baseline).isEqualTo(config.baseline)
                assertThat(row.ratio).isNotNull().isPositive().isFinite()
            }
        }
        assertThat(results.unsupported).allSatisfy { assertThat(it.reason).isNotBlank() }
        assertThat(results.method?.forks).isEqualTo(config.forks)

        val files = ReportFiles.inBuildDirectory()
        files.write(results, previous = previous)
        log("report: ${files.markdown.absolutePath}, results: ${files.json.absolutePath}, charts: ${files.charts.absolutePath}")
    }

    private fun log(line: String) = println("[bench] ${elapsed()} $line")

    private fun elapsed(): String {
        val seconds = (System.nanoTime() - startedNanos) / 1_000_000_000
        return "%d:%02d".format(seconds / 60, seconds % 60)
    }
}
