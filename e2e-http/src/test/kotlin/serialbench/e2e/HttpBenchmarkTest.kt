package serialbench.e2e

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.http.BadBody
import serialbench.http.HttpBenchmark
import serialbench.http.HttpConfig
import serialbench.report.ReportFiles
import java.util.concurrent.TimeUnit

/**
 * The end-to-end HTTP run: [HttpBenchmark] with the `-Dbench.http.*` configuration, checks on what it returned,
 * then the report. Writes `target/e2e-report.md`, `target/e2e-results.json` and `target/charts/e2e-*`; the program's
 * `report --e2e` puts the run into a benchmark report.
 */
@Tag("e2e")
@Order(TestOrder.E2E)
@Timeout(value = 2, unit = TimeUnit.HOURS)
class HttpBenchmarkTest {
    private val config = HttpConfig.fromSystemProperties()
    private val startedNanos = System.nanoTime()

    @Test
    fun `every codec is uploaded in every mode, bad requests are refused, and the report is written`() {
        val benchmark = HttpBenchmark(config, ::log)
        val results = benchmark.run()

        val expectedCells = config.shapeList.flatMap { shape ->
            config.codecs.filter { codec -> results.unsupported.none { it.codec == codec && it.shape == shape.id } }
                .flatMap { codec ->
                    config.sizesOf(shape).flatMap { size ->
                        benchmark.modes.map { listOf(codec, shape.id, size, it.first, it.second) }
                    }
                }
        }
        assertThat(
            results.rows.map {
                listOf(it.codec, it.shape, it.size, it.threads, it.pooled)
            },
        ).containsExactlyInAnyOrderElementsOf(expectedCells)
        assertThat(results.rows).allSatisfy { row ->
            assertThat(row.requests).isEqualTo(config.requests)
            assertThat(row.warmupRequests).isEqualTo(config.warmupPerThread * row.threads)
            assertThat(row.minNanos.toDouble()).isLessThanOrEqualTo(row.medianNanos)
            assertThat(row.medianNanos).isLessThanOrEqualTo(row.maxNanos.toDouble())
            assertThat(row.serverDecodeMeanNanos).isPositive().isLessThan(row.meanNanos)
            assertThat(row.requestBytes).isPositive()
            assertThat(row.requestsPerSecond).isPositive().isFinite()
            val sent = row.requests + row.warmupRequests
            if (row.pooled) {
                assertThat(
                    row.connectionsOpened,
                ).isBetween(1, row.threads)
            } else {
                assertThat(row.connectionsOpened).isEqualTo(sent)
            }
        }
        assertThat(results.refused).allSatisfy { refused ->
            assertThat(refused.status).describedAs("${refused.codec} ${refused.kind}: ${refused.message}")
                .isEqualTo(if (refused.kind == BadBody.OVERSIZED.id) 413 else 400)
            assertThat(refused.message).contains("codec ${refused.codec}")
        }
        assertThat(results.acceptedAfterRefused).isEqualTo(results.rows.map { it.codec to it.shape }.distinct().size)

        val files = ReportFiles.inBuildDirectory()
        files.writeE2e(results)
        log("report: ${files.e2eMarkdown.absolutePath}, results: ${files.e2eJson.absolutePath}")
    }

    private fun log(line: String) = println("[e2e] ${elapsed()} $line")

    private fun elapsed(): String {
        val seconds = (System.nanoTime() - startedNanos) / 1_000_000_000
        return "%d:%02d".format(seconds / 60, seconds % 60)
    }
}
