package serialbench.perf

import java.util.concurrent.TimeUnit
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.Codecs
import serialbench.measure.BenchConfig
import serialbench.measure.BenchmarkResults
import serialbench.measure.ColdStart
import serialbench.measure.ColdStartRow
import serialbench.measure.CodecBenchmark
import serialbench.measure.Environment
import serialbench.measure.Measurement
import serialbench.measure.Operation
import serialbench.measure.Progress
import serialbench.measure.ResultRow
import serialbench.report.ReportFiles

/**
 * The benchmark: every codec of `bench.codecs` at every size of `bench.sizes`, serialization and
 * deserialization timed separately. First each codec's cold start, in a JVM of its own; then all codecs are
 * created and warmed up; then sizes are measured one after the other, every codec at each size, so that no
 * codec's small sizes run in a JVM that others' large sizes have already churned and the rest have not.
 * Writes `target/benchmark-report.md`, `target/benchmark-results.json` and `target/charts/` when the class
 * finishes, also when it runs alone.
 */
@Tag("perf")
@Order(TestOrder.PERF)
@Timeout(value = 2, unit = TimeUnit.HOURS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkTest {
    private val config = BenchConfig.fromSystemProperties()
    private val previous: BenchmarkResults? = config.baselineResults?.let(ReportFiles::readResults)
    private val rows = mutableListOf<ResultRow>()
    private val coldStart = mutableListOf<ColdStartRow>()
    private val startedNanos = System.nanoTime()
    private val progress = Progress(config, { line -> println("[bench] $line") })
    private val benchmark = CodecBenchmark(config, progress)
    private lateinit var codecs: List<Codec>

    fun sizes(): List<Int> = config.sizes

    @BeforeAll
    fun `measure cold starts, then create and warm up every codec`() {
        for (id in config.codecs) {
            val row = ColdStart.inFreshJvm(id, config.seed, config.threads)
            assertThat(row.codec).isEqualTo(id)
            log("cold start $id: create ${row.createNanos / 1_000} us, first serialization ${row.firstSerializeNanos / 1_000} us, " +
                "first deserialization ${row.firstDeserializeNanos / 1_000} us")
            coldStart += row
        }
        codecs = config.codecs.map { Codecs.create(it, config.threads) }
        for (codec in codecs) {
            log("warming up ${codec.id}")
            benchmark.warmUp(codec)
        }
        progress.start()
    }

    @ParameterizedTest(name = "N = {0}")
    @MethodSource("sizes")
    fun `time serialization and deserialization of every codec at this size`(size: Int) {
        val measured = mutableListOf<Measurement>()
        for (codec in codecs) {
            val pair = benchmark.run(codec, size)
            assertThat(pair).hasSize(2).allSatisfy { measurement ->
                assertThat(measurement.row.codec).isEqualTo(codec.id)
                assertThat(measurement.row.repetitions).isEqualTo(config.repetitions)
                assertThat(measurement.samples.durationsNanos).hasSize(config.repetitions)
                assertThat(measurement.row.meanNanos).isPositive()
                assertThat(measurement.row.payloadBytes).isPositive()
            }
            measured += pair
        }
        val withRatios = Measurement.withRatios(measured, config.baseline)
        assertThat(withRatios.filter { it.codec == config.baseline }.map { it.operation }).containsExactlyInAnyOrder(*Operation.entries.toTypedArray())
        assertThat(withRatios).allSatisfy { row ->
            assertThat(row.baseline).isEqualTo(config.baseline)
            assertThat(row.ratio).isNotNull().isPositive().isFinite()
        }
        rows += withRatios
    }

    @AfterAll
    fun `write the report`() {
        if (::codecs.isInitialized) codecs.forEach { it.close() }
        if (rows.isEmpty()) return
        val files = ReportFiles.inBuildDirectory()
        files.write(BenchmarkResults(Environment.capture(config), rows.toList(), coldStart.toList()), previous = previous)
        log("report: ${files.markdown.absolutePath}, results: ${files.json.absolutePath}, charts: ${files.charts.absolutePath}")
    }

    private fun log(line: String) = println("[bench] ${elapsed()} $line")

    private fun elapsed(): String {
        val seconds = (System.nanoTime() - startedNanos) / 1_000_000_000
        return "%d:%02d".format(seconds / 60, seconds % 60)
    }
}
