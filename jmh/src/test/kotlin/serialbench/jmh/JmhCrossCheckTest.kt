package serialbench.jmh

import java.io.File
import java.lang.management.ManagementFactory
import java.time.OffsetDateTime
import java.time.ZoneOffset
import java.time.format.DateTimeFormatter
import java.util.concurrent.TimeUnit
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.openjdk.jmh.results.RunResult
import org.openjdk.jmh.results.format.ResultFormatType
import org.openjdk.jmh.runner.Runner
import org.openjdk.jmh.runner.options.OptionsBuilder
import org.openjdk.jmh.runner.options.TimeValue
import serialbench.TestOrder
import serialbench.data.Shapes
import serialbench.run.BenchConfig
import serialbench.run.JmhConfig
import serialbench.results.JmhResults
import serialbench.results.JmhScore
import serialbench.results.Operation
import serialbench.report.ReportFiles
import serialbench.results.BenchmarkResults
import serialbench.run.BenchmarkRun

/**
 * The JMH cross-check: the harness measures a few cells here, then JMH measures `CodecJmhBenchmark` (the
 * harness's codec classes, objects and payloads) for the same cells in forked JVMs with this JVM's heap and GC
 * flags. Writes `target/jmh-results.json`, JMH's own `target/jmh-native.json` and `target/harness-vs-jmh.md`;
 * a later `-Dgroups=perf` build into the same `target/` puts JMH's scores in its report. Run the two as separate
 * builds: in the JVM that hosted JMH's runner the harness measured slower (see below), and this class warms
 * the kotlinx codecs beyond the others. The forks and this JVM each hold the benchmark heap: 16 GiB with the
 * default `bench.jvmArgs`.
 */
@Tag("jmh")
@Order(TestOrder.JMH)
@Timeout(value = 2, unit = TimeUnit.HOURS)
class JmhCrossCheckTest {
    private val jmh = JmhConfig.fromSystemProperties()
    private val bench = BenchConfig.fromSystemProperties()
        .copy(codecs = jmh.codecs, requestedSizes = jmh.sizes, shapes = listOf(Shapes.FLAT.id), requestedBaseline = null, input = null, robustnessCases = 0)
    private val files = ReportFiles.inBuildDirectory()

    @Test
    fun `JMH and the harness measure the same codec operations`() {
        // The harness first: in one run after JMH's runner this JVM measured up to 1.35x JMH's time for a cell
        // that a JVM of its own measured at 0.94x.
        val harnessRows = harness()
        val jvmFlags = ManagementFactory.getRuntimeMXBean().inputArguments.filter { it.startsWith("-X") }
        val options = OptionsBuilder()
            .include(BENCHMARK_CLASS_PATTERN)
            .param("codec", *jmh.codecs.toTypedArray())
            .param("shape", Shapes.FLAT.id)
            .param("size", *jmh.sizes.map { it.toString() }.toTypedArray())
            .param("seed", bench.seed.toString())
            .param("threads", bench.threads.toString())
            .forks(jmh.forks)
            .warmupIterations(jmh.warmupIterations)
            .warmupTime(TimeValue.milliseconds(jmh.iterationMillis.toLong()))
            .measurementIterations(jmh.iterations)
            .measurementTime(TimeValue.milliseconds(jmh.iterationMillis.toLong()))
            .jvmArgs(*jvmFlags.toTypedArray())
            .shouldFailOnError(true)
            .resultFormat(ResultFormatType.JSON)
            .result(File(files.directory.apply { mkdirs() }, "jmh-native.json").path)
            .build()
        val scores = Runner(options).run().map(::score)
            .sortedWith(compareBy({ jmh.codecs.indexOf(it.codec) }, { it.size }, { it.operation }))
        assertThat(scores.map { Triple(it.codec, it.operation, it.size) }).containsExactlyInAnyOrderElementsOf(
            jmh.codecs.flatMap { codec -> jmh.sizes.flatMap { size -> Operation.entries.map { Triple(codec, it, size) } } },
        )
        assertThat(scores).allSatisfy { assertThat(it.scoreNanos).isPositive() }

        val date = OffsetDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)
        files.writeJmh(JmhResults(date, jvmFlags, scores), harnessRows)
        println("[jmh] ${files.jmhMarkdown.readText()}")
    }

    /** The harness's measurement of the same cells: the benchmark program itself, with this configuration. */
    private fun harness(): BenchmarkResults {
        val results = BenchmarkRun(bench) { println("[jmh] harness: $it") }.run()
        assertThat(results.results).hasSize(bench.codecs.size * jmh.sizes.size * Operation.entries.size)
        return results
    }

    private fun score(result: RunResult): JmhScore {
        val params = result.params
        val method = params.benchmark.substringAfterLast('.')
        val primary = result.primaryResult
        check(primary.scoreUnit == "ns/op") { "JMH score of ${params.benchmark} in ${primary.scoreUnit}, expected ns/op" }
        return JmhScore(
            codec = params.getParam("codec"),
            operation = Operation.entries.firstOrNull { it.verb == method }
                ?: error("JMH benchmark ${params.benchmark}: method '$method' is no operation (${Operation.entries.joinToString { it.verb }})"),
            size = params.getParam("size").toInt(),
            scoreNanos = primary.score,
            errorNanos = primary.scoreError.takeIf { it.isFinite() },
            forks = params.forks,
            measurementIterations = params.measurement.count,
        )
    }

    private companion object {
        /** `CodecJmhBenchmark` is Java (JMH generates its harness from annotations), compiled after this file. */
        const val BENCHMARK_CLASS_PATTERN = "serialbench\\.jmh\\.CodecJmhBenchmark\\."
    }
}
