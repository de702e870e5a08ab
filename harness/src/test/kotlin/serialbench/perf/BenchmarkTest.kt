package serialbench.perf

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codecs.StreamingDecoders
import serialbench.model.ModelShapes
import serialbench.report.RegressionGate
import serialbench.report.ReportFiles
import serialbench.results.BenchmarkResults
import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.run.BenchConfig
import serialbench.run.BenchmarkProgram
import serialbench.run.Forks
import java.util.concurrent.TimeUnit

/**
 * The benchmark: [BenchmarkRun] with the `-Dbench.*` configuration, then checks on what it returned, then the
 * report. Writes `target/benchmark-report.md`, `target/benchmark-results.json` and `target/charts/`.
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
        val results = outcome.results

        val shapes = checkNotNull(results.method).shapes
        assertThat(
            shapes.map {
                it.id
            },
        ).containsExactlyElementsOf(config.shapes + listOfNotNull(treeModeFile()))
        val expectedCells = shapes.flatMap { shape ->
            config.codecs.filter { codec ->
                results.unsupported.none {
                    it.codec == codec && it.shape == shape.id &&
                        it.decoder == null &&
                        it.io == null
                }
            }
                .flatMap { codec ->
                    shape.sizes.flatMap { size -> Operation.entries.map { listOf(codec, shape.id, size, it) } }
                }
        }
        assertThat(
            results.results.map {
                listOf(it.codec, it.shape, it.size, it.operation)
            },
        ).containsExactlyInAnyOrderElementsOf(expectedCells)
        val repetitionsPerRow = repetitionsPerRow()
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
        if (config.robustnessCases > 0) {
            // the damaged payloads are those of the built-in shapes; a bench.input file is measured in tree mode or
            // as the user's type (bench.model), neither damaged
            val generated = config.shapes.filterNot { it.startsWith(ModelShapes.PREFIX) }
            val supported: List<List<Any>> = expectedCells.filter { (_, shape) -> shape in generated }
                .map { (codec, shape) -> listOf(codec, shape) }.distinct()
            val robust: List<List<Any>> = results.robustness?.rows.orEmpty().map {
                listOf(it.codec, it.shape)
            }.distinct()
            assertThat(robust).containsExactlyInAnyOrderElementsOf(supported)
        }
        assertThat(results.method?.forks).isEqualTo(config.forks)

        if (config.streaming) {
            checkStreaming(
                results,
            )
        } else {
            assertThat(results.streaming + results.streamingMemory).isEmpty()
        }
        checkIoPaths(results, expectedCells)

        assertThat(results.stability).isNotNull()
        assertThat(results.stability!!.startNanos).isPositive()
        assertThat(results.stability!!.endNanos).isPositive()

        // the files are written; a regression beyond bench.baseline.failOn fails the run, naming every regressed row
        if (outcome.regressionMessage != null) fail<Unit>(outcome.regressionMessage)
    }

    /** The shape of `bench.input` in tree mode (`file:<name>`), which it is unless `bench.model` names its type. */
    private fun treeModeFile(): String? = config.input?.takeIf { config.model == null }?.let { "file:${it.name}" }

    /** The repetitions of a pooled row: the forks share `bench.repetitions`, each running its part rounded up. */
    private fun repetitionsPerRow(): Int = if (config.forks == 0) {
        config.repetitions
    } else {
        Forks.repetitionsPerFork(config.repetitions, config.forks) * config.forks
    }

    /** `bench.io`: every path of every measured cell, measured or not supported with a reason, never missing. */
    private fun checkIoPaths(results: BenchmarkResults, expectedCells: List<List<Any>>) {
        val unsupported: Set<String> = results.unsupported.filter {
            it.io != null
        }.map { "${it.codec} ${it.shape} ${it.io}" }.toSet()
        val expected: List<String> = expectedCells.flatMap { (codec, shape, size, operation) ->
            config.io.filter { "$codec $shape $it" !in unsupported }.map { "$codec $shape $size $operation $it" }
        }
        assertThat(
            results.ioPaths.map {
                "${it.codec} ${it.shape} ${it.size} ${it.operation} ${it.io}"
            },
        ).containsExactlyInAnyOrderElementsOf(expected)
        assertThat(results.ioPaths).allSatisfy { row ->
            assertThat(row.repetitions).isEqualTo(repetitionsPerRow())
            assertThat(row.meanNanos).isPositive()
        }
    }

    /** Every decoder of every codec carrying a shape, at every size, with both figures; the bounded-memory rows. */
    private fun checkStreaming(results: BenchmarkResults) {
        val unsupportedDecoders = results.unsupported.filter {
            it.decoder != null
        }.map { Triple(it.codec, it.decoder, it.shape) }
        val expected = config.shapeList.flatMap { shape ->
            val carrying = config.codecs.filter { codec ->
                results.unsupported.none {
                    it.codec == codec &&
                        it.shape == shape.id &&
                        it.decoder == null &&
                        it.io == null
                }
            }
            StreamingDecoders.of(carrying).filter { Triple(it.codec, it.id, shape.id) !in unsupportedDecoders }
                .flatMap { entry -> config.sizesOf(shape).map { size -> listOf(entry.label, shape.id, size) } }
        }
        assertThat(
            results.streaming.map {
                listOf("${it.codec}/${it.decoder}", it.shape, it.size)
            },
        ).containsExactlyInAnyOrderElementsOf(expected)
        assertThat(results.streaming).allSatisfy { row ->
            assertThat(row.io).isEqualTo(IoPath.STREAM)
            assertThat(row.repetitions).isEqualTo(repetitionsPerRow())
            // each repetition's first element comes no later than its last, so their means keep that order
            assertThat(row.firstElementNanos).isNotNull().isPositive().isLessThanOrEqualTo(row.meanNanos)
        }
        if (config.streamingMemorySize == 0) return
        val memoryShape = config.shapeList.first()
        assertThat(results.streamingMemory.map { "${it.codec}/${it.decoder}" })
            .containsExactlyInAnyOrderElementsOf(
                expected.filter {
                    it[1] == memoryShape.id
                }.map { it[0] as String }.distinct(),
            )
        assertThat(results.streamingMemory).allSatisfy { row ->
            if (row.notMeasured == null) {
                assertThat(row.elements).isEqualTo(config.streamingMemorySize)
                assertThat(row.peakHeapAfterGcBytes).isNotNull().isLessThanOrEqualTo(row.maxHeapBytes)
            } else {
                assertThat(row.notMeasured).isNotBlank()
            }
        }
    }

    private fun log(line: String) = println("[bench] ${elapsed()} $line")

    private fun elapsed(): String {
        val seconds = (System.nanoTime() - startedNanos) / 1_000_000_000
        return "%d:%02d".format(seconds / 60, seconds % 60)
    }
}
