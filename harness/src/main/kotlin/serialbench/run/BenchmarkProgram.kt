package serialbench.run

import serialbench.measure.ForkEta
import serialbench.measure.PhaseClock
import serialbench.report.RegressionGate
import serialbench.report.ReportFiles
import serialbench.report.ReportInputs
import serialbench.results.BenchmarkResults
import serialbench.results.Environment
import serialbench.results.RunPhase
import java.io.IOException
import kotlin.system.measureNanoTime

/**
 * The benchmark from a configuration to its files: reads the previous run (`bench.baseline.results`) before
 * measuring, so a bad file fails at once; runs [BenchmarkRun]; writes every output format into [files]; fails when
 * the results are incomplete ([RunCompleteness]); and gates on regressions (`bench.baseline.failOn`). The program's
 * `run` command and `BenchmarkTest` both drive it.
 */
class BenchmarkProgram(
    private val config: BenchConfig,
    private val files: ReportFiles,
    private val log: (String) -> Unit,
) {
    /**
     * What a run gave: its results, and the gate's message when rows regressed beyond `bench.baseline.failOn` (else
     * null).
     */
    class Outcome(val results: BenchmarkResults, val regressionMessage: String?)

    fun run(): Outcome {
        val clock = PhaseClock(RunPhase.OTHER)
        val previous = config.previousResults()
        val earlier = previous ?: replaced()
        val measured = BenchmarkRun(config, clock, etaWeights(earlier), earlierGzipSizes(earlier), log).run()
        // The report's own time is known once it is written: the files are written again with it (the time
        // recorded is the first writing's).
        val reportNanos = measureNanoTime { files.write(ReportInputs(measured, previous)) }
        val results = measured.copy(phaseNanos = measured.phaseNanos + (RunPhase.REPORT to reportNanos))
        files.write(ReportInputs(results, previous))
        log(
            "report: ${files.markdown.absolutePath}, results: ${files.json.absolutePath}, charts: " +
                "${files.charts.absolutePath}, summary: ${files.summary.absolutePath}",
        )
        // after the files are written, so that what a bug left out can be looked at; the run still fails
        val gaps = RunCompleteness.problems(config, results)
        check(gaps.isEmpty()) { "the run's results are incomplete (a bug of the harness): ${gaps.joinToString("; ")}" }
        val failOn = config.baselineFailOnPercent ?: return Outcome(results, null)
        val regressions = RegressionGate.regressions(checkNotNull(previous), results, failOn)
        log("regression gate (${BenchConfig.BASELINE_FAIL_ON}=$failOn): ${regressions.size} regression(s)")
        val message = if (regressions.isEmpty()) {
            null
        } else {
            RegressionGate.message(
                regressions,
                failOn,
                config.baselineResults!!.path,
            )
        }
        return Outcome(results, message)
    }

    /**
     * The results this run is about to replace. A file there that this version cannot read only leaves the ETA
     * without weights and every payload to be gzipped, and says so.
     */
    private fun replaced(): BenchmarkResults? = files.json.takeIf { it.isFile }?.let { file ->
        try {
            ReportFiles.readResults(file)
        } catch (e: IllegalArgumentException) {
            log("$UNREAD_EARLIER, the earlier results are not readable: ${e.message}")
            null
        } catch (e: IOException) {
            log("$UNREAD_EARLIER, ${file.path} is not readable: ${e.message}")
            null
        }
    }

    /**
     * The payloads' gzip sizes of [earlier] (`bench.baseline.results`, else the results this run replaces), where it
     * ran on this JVM installation: the same bytes through the same `java.util.zip` give the same size.
     */
    private fun earlierGzipSizes(earlier: BenchmarkResults?): Map<String, Int> {
        if (earlier == null || earlier.gzipSizes.isEmpty()) return emptyMap()
        val same = earlier.environment.jvmPath == Environment.jvmPathHere() &&
            earlier.environment.jdkVersion == Environment.jdkVersionHere()
        if (!same) {
            log("gzip: every payload compressed again, the earlier results ran on ${earlier.environment.jvmPath}")
            return emptyMap()
        }
        log("gzip: the sizes of ${earlier.gzipSizes.size} payloads known from the earlier results, same JVM")
        return earlier.gzipSizes
    }

    /**
     * Each codec's weight in the forks' ETA, from [earlier] (`bench.baseline.results`, else the results replaced), else
     * from the reference run shipped with the program ([ForkEta.referenceWeights]) where this run has its sizes.
     */
    private fun etaWeights(earlier: BenchmarkResults?): Map<String, Double> {
        val sizesByShape = config.shapeList.associate { it.id to config.sizesOf(it) }
        val fromEarlier = earlier?.let { ForkEta.weightsOf(it, sizesByShape) }.orEmpty()
        if (fromEarlier.isNotEmpty()) return fromEarlier
        val reference = ForkEta.referenceWeights(sizesByShape)
        val why = when {
            earlier == null -> "no earlier results"
            ForkEta.sizesOf(earlier) != sizesByShape -> "the earlier results measured other shapes or sizes"
            else -> "the earlier results did not record their phases"
        }
        log(
            if (reference.isEmpty()) {
                "ETA: every codec weighs the same ($why)"
            } else {
                "ETA: codecs weighed by the full default run shipped with the program ($why)"
            },
        )
        return reference
    }

    private companion object {
        /** What a run does without the results it replaces. */
        const val UNREAD_EARLIER = "gzip: every payload compressed again"
    }
}
