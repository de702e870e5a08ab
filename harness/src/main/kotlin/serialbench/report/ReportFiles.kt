package serialbench.report

import java.io.File
import serialbench.results.BenchmarkResults
import serialbench.results.JmhFormat
import serialbench.results.E2eResults
import serialbench.results.E2eResultsJson
import serialbench.results.JmhResults
import serialbench.results.PlausibleResults
import serialbench.results.ResultsCsv
import serialbench.results.ResultsJson

/** Writes a run's report, results and charts; the only place in the report package that touches the disk. */
class ReportFiles(val directory: File) {
    val markdown: File get() = File(directory, "benchmark-report.md")
    val json: File get() = File(directory, "benchmark-results.json")
    /** The rows in JMH's JSON result format, for tools that read JMH's results ([JmhFormat]). */
    val jmhFormat: File get() = File(directory, "benchmark-jmh.json")
    /** The rows as a flat CSV table ([ResultsCsv]). */
    val csv: File get() = File(directory, "benchmark-results.csv")
    /** A short summary for a CI job's summary page ([CiSummary]). */
    val summary: File get() = File(directory, "benchmark-summary.md")
    val jmhJson: File get() = File(directory, "jmh-results.json")
    val jmhMarkdown: File get() = File(directory, "harness-vs-jmh.md")
    val charts: File get() = File(directory, Charts.DIRECTORY)
    val e2eJson: File get() = File(directory, "e2e-results.json")
    val e2eMarkdown: File get() = File(directory, "e2e-report.md")

    /**
     * Writes the results first (JSON, JMH's format, CSV), then the charts, the report, which links the charts and
     * includes JMH's scores from [jmhJson] (if readable), [previous], and the end-to-end section from [e2eJson] (if
     * readable), and last the CI summary ([summary]).
     */
    fun write(results: BenchmarkResults, previous: BenchmarkResults? = null) {
        directory.mkdirs()
        json.writeText(ResultsJson.encode(results))
        jmhFormat.writeText(JmhFormat.render(results))
        csv.writeText(ResultsCsv.render(results))
        Charts.write(directory, results)
        val jmh = try {
            readJmh()
        } catch (e: IllegalArgumentException) {
            System.err.println("[report] leaving JMH out of the report: ${e.message}")
            null
        }
        markdown.writeText(E2eSection.appendTo(MarkdownReport.render(results, jmh, previous), readE2eOrNull()))
        summary.writeText(CiSummary.render(results, previous))
    }

    /**
     * Writes an end-to-end run: its results, charts and report; and its section into the main report, if that
     * was written before (replacing an older end-to-end section there).
     */
    fun writeE2e(results: E2eResults) {
        directory.mkdirs()
        e2eJson.writeText(E2eResultsJson.encode(results))
        Charts.save(directory, E2eCharts.specs(results.rows))
        e2eMarkdown.writeText(E2eReport.render(results))
        if (markdown.isFile) markdown.writeText(E2eSection.appendTo(markdown.readText(), results))
    }

    /** The end-to-end run's results, if it ran into this directory. */
    fun readE2e(): E2eResults? = e2eJson.takeIf { it.isFile }?.let { ResultsJson.read(it, E2eResultsJson::decode) }

    private fun readE2eOrNull(): E2eResults? = try {
        readE2e()
    } catch (e: IllegalArgumentException) {
        System.err.println("[report] leaving the end-to-end run out of the report: ${e.message}")
        null
    }

    /** Writes JMH's scores, and beside them the harness's figures for the same cells. */
    fun writeJmh(jmh: JmhResults, harness: BenchmarkResults) {
        directory.mkdirs()
        jmhJson.writeText(ResultsJson.encodeJmh(jmh))
        jmhMarkdown.writeText(buildString { HarnessVersusJmh.render(this, jmh, harness.results) })
    }

    /** The JMH cross-check's scores, if it ran into this directory. */
    fun readJmh(): JmhResults? = jmhJson.takeIf { it.isFile }?.let { ResultsJson.read(it, ResultsJson::decodeJmh) }

    companion object {
        /**
         * The build's `target/`: the reactor root's, which the build names in [BUILD_DIRECTORY] (so that every
         * module writes and reads one folder), else the Maven module's (`basedir`), else the working directory's.
         */
        fun buildDirectory(): File = System.getProperty(BUILD_DIRECTORY)?.let(::File)
            ?: File(System.getProperty("basedir")?.let(::File) ?: File("."), "target")

        /** The files in [buildDirectory]. */
        fun inBuildDirectory(): ReportFiles = ReportFiles(buildDirectory())

        /** The system property that names the build's output folder (set by the pom for every module's tests). */
        const val BUILD_DIRECTORY = "serialbench.buildDirectory"

        /** A previous run's results, for `bench.baseline.results`; one with impossible figures is refused ([PlausibleResults]). */
        fun readResults(file: File): BenchmarkResults = ResultsJson.read(file, ResultsJson::decode).also { results ->
            try {
                PlausibleResults.require(results)
            } catch (e: IllegalArgumentException) {
                throw IllegalArgumentException("${file.path}: ${e.message}", e)
            }
        }
    }
}
