package serialbench.report

import serialbench.files.Directories
import serialbench.results.BenchmarkResults
import serialbench.results.E2eResults
import serialbench.results.E2eResultsJson
import serialbench.results.JmhResults
import serialbench.results.PlausibleE2eResults
import serialbench.results.PlausibleJmhResults
import serialbench.results.PlausibleResults
import serialbench.results.ResultsJson
import java.io.File

/** Writes a run's report, results and charts; the only place in the report package that touches the disk. */
class ReportFiles(val directory: File) {
    val markdown: File get() = file(OutputFormats.MARKDOWN)
    val json: File get() = file(OutputFormats.JSON)

    /** The rows in JMH's JSON result format, for tools that read JMH's results ([JmhFormat]). */
    val jmhFormat: File get() = file(OutputFormats.JMH)

    /** The rows as a flat CSV table ([ResultsCsv]). */
    val csv: File get() = file(OutputFormats.CSV)

    /** A short summary for a CI job's summary page ([CiSummary]). */
    val summary: File get() = file(OutputFormats.SUMMARY)
    val jmhJson: File get() = File(directory, "jmh-results.json")
    val jmhMarkdown: File get() = File(directory, "harness-vs-jmh.md")
    val charts: File get() = File(directory, Charts.DIRECTORY)
    val e2eJson: File get() = File(directory, "e2e-results.json")
    val e2eMarkdown: File get() = File(directory, "e2e-report.md")

    /** Where [format] is written. */
    fun file(format: OutputFormat): File = File(directory, format.fileName)

    /**
     * Writes every format of [OutputFormats] from [inputs], in its order, and the charts before the report that
     * links them. Reads nothing: what the report holds besides this run is in [inputs].
     */
    fun write(inputs: ReportInputs) {
        Directories.create(directory)
        for (format in OutputFormats.all) {
            if (format == OutputFormats.MARKDOWN) Charts.write(directory, inputs.results)
            file(format).writeText(format.render(inputs))
        }
    }

    /** [write] with this run's [results] and, if given, the [previous] run it is compared with. */
    fun write(results: BenchmarkResults, previous: BenchmarkResults? = null) = write(ReportInputs(results, previous))

    /**
     * Writes an end-to-end run: its results, charts and report (the main report takes it as an input,
     * [ReportInputs.e2e]).
     */
    fun writeE2e(results: E2eResults) {
        Directories.create(directory)
        e2eJson.writeText(E2eResultsJson.encode(results))
        Charts.save(directory, E2eCharts.specs(results.rows))
        e2eMarkdown.writeText(E2eReport.render(results))
    }

    /** Writes JMH's scores, and beside them the harness's figures for the same cells. */
    fun writeJmh(jmh: JmhResults, harness: BenchmarkResults) {
        Directories.create(directory)
        jmhJson.writeText(ResultsJson.encodeJmh(jmh))
        jmhMarkdown.writeText(buildString { HarnessVersusJmh.render(this, jmh, harness.results) })
    }

    /** The end-to-end run's results, if it ran into this directory. */
    fun readE2e(): E2eResults? = e2eJson.takeIf { it.isFile }?.let(::readE2e)

    /** The JMH cross-check's scores, if it ran into this directory. */
    fun readJmh(): JmhResults? = jmhJson.takeIf { it.isFile }?.let(::readJmh)

    companion object {
        /**
         * The build's `target/`: the reactor root's, which the build names in [BUILD_DIRECTORY] (so that every
         * module writes and reads one folder), else the Maven module's (`basedir`), else the working directory's.
         */
        fun buildDirectory(): File = System.getProperty(BUILD_DIRECTORY)?.let(::File)
            ?: System.getProperty("basedir")?.let { File(it, "target") }
            ?: File("target")

        /** The files in [buildDirectory]. */
        fun inBuildDirectory(): ReportFiles = ReportFiles(buildDirectory())

        /** The system property that names the build's output folder (set by the pom for every module's tests). */
        const val BUILD_DIRECTORY = "serialbench.buildDirectory"

        /** What an end-to-end run's results file is called where one is refused. */
        const val E2E_KIND = "an end-to-end results file (e2e-results.json)"

        /** What the JMH cross-check's results file is called where one is refused. */
        const val JMH_KIND = "a JMH cross-check results file (jmh-results.json)"

        /**
         * [file] if it is a file; else refused in one line that begins with [named] (its path, or the flag or option
         * that gave it with its path): a directory, or nothing there.
         */
        fun existing(file: File, named: String = file.path): File = file.also {
            require(!it.isDirectory) { "$named: a directory, not a file" }
            require(it.isFile) { "$named: no such file" }
        }

        /**
         * An end-to-end run's results file (`e2e-results.json`); one this version cannot read, or with impossible
         * figures ([PlausibleE2eResults]), is refused in one line that begins with [named].
         */
        fun readE2e(file: File, named: String = file.path): E2eResults = plausible(
            named,
            ResultsJson.read(file, E2eResultsJson::decode, E2E_KIND, named),
            PlausibleE2eResults::require,
        )

        /**
         * The JMH cross-check's scores (`jmh-results.json`); one this version cannot read, or with impossible figures
         * ([PlausibleJmhResults]), is refused in one line that begins with [named].
         */
        fun readJmh(file: File, named: String = file.path): JmhResults = plausible(
            named,
            ResultsJson.read(file, ResultsJson::decodeJmh, JMH_KIND, named),
            PlausibleJmhResults::require,
        )

        /**
         * A run's results (`benchmark-results.json`: `compare`'s, `report`'s, `bench.baseline.results`); one this
         * version cannot read, or with impossible figures ([PlausibleResults]), is refused in one line that begins
         * with [named].
         */
        fun readResults(file: File, named: String = file.path): BenchmarkResults = plausible(
            named,
            ResultsJson.read(file, ResultsJson::decode, named = named),
            PlausibleResults::require,
        )

        /** [results] as read, if [check] finds nothing impossible; else its problem, after [named]. */
        private fun <T> plausible(named: String, results: T, check: (T) -> Unit): T = results.also {
            try {
                check(it)
            } catch (e: IllegalArgumentException) {
                throw IllegalArgumentException("$named: ${e.message}", e)
            }
        }
    }
}
