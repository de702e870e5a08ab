package serialbench.perf

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.Codecs
import serialbench.measure.BenchConfig
import serialbench.measure.BenchmarkResults
import serialbench.measure.CodecBenchmark
import serialbench.measure.Environment
import serialbench.measure.ResultRow
import serialbench.report.ReportFiles

/**
 * The benchmark: every codec of `bench.codecs` at every size of `bench.sizes`, serialization and
 * deserialization timed separately. Sizes are measured one after the other, every codec at each size, so that
 * no codec's small sizes run in a JVM that others' large sizes have already churned and the rest have not.
 * Writes `target/benchmark-report.md` and `target/benchmark-results.json` when the class finishes, also when it
 * runs alone.
 */
@Tag("perf")
@Order(TestOrder.PERF)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkTest {
    private val config = BenchConfig.fromSystemProperties()
    private val rows = mutableListOf<ResultRow>()
    private val startedNanos = System.nanoTime()
    private val benchmark = CodecBenchmark(config) { line -> println("[bench] ${elapsed()} $line") }
    private lateinit var codecs: List<Codec>

    fun sizes(): List<Int> = config.sizes

    @BeforeAll
    fun `create and warm up every codec`() {
        codecs = config.codecs.map { Codecs.create(it, config.threads) }
        for (codec in codecs) benchmark.warmUp(codec)
    }

    @ParameterizedTest(name = "N = {0}")
    @MethodSource("sizes")
    fun `time serialization and deserialization of every codec at this size`(size: Int) {
        for (codec in codecs) {
            val measured = benchmark.run(codec, size)
            assertThat(measured).hasSize(2).allSatisfy { row ->
                assertThat(row.codec).isEqualTo(codec.id)
                assertThat(row.repetitions).isEqualTo(config.repetitions)
                assertThat(row.meanNanos).isPositive()
                assertThat(row.payloadBytes).isPositive()
            }
            rows += measured
        }
    }

    @AfterAll
    fun `write the report`() {
        if (::codecs.isInitialized) codecs.forEach { it.close() }
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
