package serialbench.report

import java.io.File
import serialbench.measure.BenchmarkResults

/** Writes a run's report and results files; the only place in the report package that touches the disk. */
class ReportFiles(private val directory: File) {
    val markdown: File get() = File(directory, "benchmark-report.md")
    val json: File get() = File(directory, "benchmark-results.json")

    fun write(results: BenchmarkResults) {
        directory.mkdirs()
        markdown.writeText(MarkdownReport.render(results))
        json.writeText(ResultsJson.encode(results))
    }

    companion object {
        /** `target/` of the Maven module, also when a test runs from an IDE with another working directory. */
        fun inBuildDirectory(): ReportFiles {
            val baseDir = System.getProperty("basedir")?.let(::File) ?: File(".")
            return ReportFiles(File(baseDir, "target"))
        }
    }
}
