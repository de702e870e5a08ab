package serialbench.jmh

import org.openjdk.jmh.results.RunResult
import org.openjdk.jmh.results.format.ResultFormatType
import org.openjdk.jmh.runner.Runner
import org.openjdk.jmh.runner.options.OptionsBuilder
import org.openjdk.jmh.runner.options.TimeValue
import serialbench.report.ReportFiles
import serialbench.results.BenchmarkResults
import serialbench.results.JmhResults
import serialbench.results.JmhScore
import serialbench.results.Operation
import serialbench.run.BenchConfig
import serialbench.run.BenchOptions
import serialbench.run.BenchmarkRun
import serialbench.shapes.Shapes
import java.io.File
import java.lang.management.ManagementFactory
import java.time.OffsetDateTime
import java.time.ZoneOffset
import java.time.format.DateTimeFormatter

/**
 * The JMH cross-check: the harness measures a few cells, then JMH measures `CodecJmhBenchmark` (the harness's
 * codec classes, objects and payloads) for the same cells in forked JVMs with this JVM's heap and GC flags.
 * Writes `jmh-results.json`, JMH's own `jmh-native.json` and `harness-vs-jmh.md` into [files]; the program's
 * `report --jmh` puts the scores into a benchmark report. The harness measures first: in one run after JMH's
 * runner this JVM measured up to 1.35x JMH's time for a cell that a JVM of its own measured at 0.94x. The forks
 * and this JVM each hold the benchmark heap: 16 GiB with the default `bench.jvmArgs`.
 */
class JmhCrossCheck(
    jmh: JmhConfig,
    bench: BenchConfig,
    private val files: ReportFiles,
    private val log: (String) -> Unit,
) {
    private val jmh = jmh

    /** The harness's run of the same cells: [bench] narrowed to them. */
    internal val bench = bench.without(NOT_CROSS_CHECKED).with(BenchOptions.SHAPES, listOf(Shapes.FLAT.id))
        .with(BenchOptions.CODECS, jmh.codecs).with(BenchOptions.SIZES, jmh.sizes)
        .with(BenchOptions.ROBUSTNESS_CASES, 0)

    /** What a cross-check gave: JMH's scores (every codec, size and operation asked for) and the harness's rows. */
    class Outcome(val jmh: JmhResults, val harness: BenchmarkResults)

    fun run(): Outcome {
        val harnessRows = BenchmarkRun(bench) { log("harness: $it") }.run()
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
        val date = OffsetDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)
        val results = JmhResults(date, jvmFlags, scores)
        files.writeJmh(results, harnessRows)
        return Outcome(results, harnessRows)
    }

    private fun score(result: RunResult): JmhScore {
        val params = result.params
        val method = params.benchmark.substringAfterLast('.')
        val primary = result.primaryResult
        check(primary.scoreUnit == "ns/op") {
            "JMH score of ${params.benchmark} in ${primary.scoreUnit}, expected ns/op"
        }
        return JmhScore(
            codec = params.getParam("codec"),
            operation = Operation.entries.firstOrNull { it.verb == method }
                ?: error(
                    "JMH benchmark ${params.benchmark}: method '$method' is no operation " +
                        "(${Operation.entries.joinToString { it.verb }})",
                ),
            size = params.getParam("size").toInt(),
            scoreNanos = primary.score,
            errorNanos = primary.scoreError.takeIf { it.isFinite() },
            forks = params.forks,
            measurementIterations = params.measurement.count,
        )
    }

    companion object {
        /** `CodecJmhBenchmark` is Java (JMH generates its harness from annotations), compiled after the Kotlin. */
        const val BENCHMARK_CLASS_PATTERN = "serialbench\\.jmh\\.CodecJmhBenchmark\\."

        /**
         * The options of a benchmark run that the cross-check (`flat` lists of its own codecs and sizes) does not
         * measure, left out of its harness run: a user's file and classes, the shapes' own options, the ceiling, the
         * document set and the baseline. Given with `-Dgroups="perf | jmh"`, they are the benchmark's.
         */
        val NOT_CROSS_CHECKED = listOf(
            BenchOptions.INPUT,
            BenchOptions.MODEL,
            BenchOptions.CLASSPATH,
            BenchOptions.CEILING,
            BenchOptions.DOCUMENT_SET,
            BenchOptions.BASELINE,
        ) + Shapes.options

        /** Runs the cross-check from this JVM's `-Dbench.*` properties into the build's `target/`. */
        @JvmStatic
        fun main(args: Array<String>) {
            val bench = BenchConfig.fromSystemProperties(listOf(JmhOptions))
            val files = ReportFiles.inBuildDirectory()
            JmhCrossCheck(JmhConfig.fromSystemProperties(), bench, files) { println("[jmh] $it") }.run()
        }
    }
}
