package serialbench.perf

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codec.Codecs
import serialbench.measure.BenchConfig
import serialbench.measure.BenchmarkResults
import serialbench.measure.CodecBenchmark
import serialbench.measure.Environment
import serialbench.measure.ResultRow
import serialbench.report.ReportFiles

/**
 * The benchmark: every codec of `bench.codecs` at every size of `bench.sizes`, serialization and
 * deserialization timed separately. Writes `target/benchmark-report.md` and `target/benchmark-results.json`
 * when the class finishes, also when it runs alone.
 */
@Tag("perf")
@Order(TestOrder.PERF)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkTest {
    private val config = BenchConfig.fromSystemProperties()
    private val rows = mutableListOf<ResultRow>()
    private val startedNanos = System.nanoTime()

    fun codecIds(): List<String> = config.codecs

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecIds")
    fun `time serialization and deserialization at every size`(codecId: String) {
        val benchmark = CodecBenchmark(config) { line -> println("[bench] ${elapsed()} $line") }
        Codecs.create(codecId, config.threads).use { codec ->
            val measured = benchmark.run(codec)
            assertThat(measured).hasSize(config.sizes.size * 2).allSatisfy { row ->
                assertThat(row.repetitions).isEqualTo(config.repetitions)
                assertThat(row.meanNanos).isPositive()
                assertThat(row.payloadBytes).isPositive()
            }
            synchronized(rows) { rows += measured }
        }
    }

    @AfterAll
    fun `write the report`() {
        if (rows.isEmpty()) return
        val files = ReportFiles.inBuildDirectory()
        files.write(BenchmarkResults(Environment.capture(config), rows.toList()))
        println("[bench] ${elapsed()} report: ${files.markdown.absolutePath}, results: ${files.json.absolutePath}")
    }

    private fun elapsed(): String {
        val seconds = (System.nanoTime() - startedNanos) / 1_000_000_000
        return "%d:%02d".format(seconds / 60, seconds % 60)
    }
}
