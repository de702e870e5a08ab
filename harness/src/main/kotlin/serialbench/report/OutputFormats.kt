package serialbench.report

import serialbench.results.JmhFormat
import serialbench.results.ResultsCsv
import serialbench.results.ResultsJson

/** One file a run writes from its [ReportInputs]: its name in the output folder and how it is rendered. */
class OutputFormat(val id: String, val fileName: String, val render: (ReportInputs) -> String)

/**
 * The registry of output formats, in the order they are written: the results first (JSON, JMH's format, CSV),
 * then the markdown report, then the CI summary. A new format is one entry here.
 */
object OutputFormats {
    val JSON = OutputFormat("json", "benchmark-results.json") { ResultsJson.encode(it.results) }
    val JMH = OutputFormat("jmh-json", "benchmark-jmh.json") { JmhFormat.render(it.results) }
    val CSV = OutputFormat("csv", "benchmark-results.csv") { ResultsCsv.render(it.results) }
    val MARKDOWN = OutputFormat("markdown", "benchmark-report.md") { MarkdownReport.render(it) }
    val SUMMARY = OutputFormat("summary", "benchmark-summary.md") { CiSummary.render(it.results, it.previous) }

    val all: List<OutputFormat> = listOf(JSON, JMH, CSV, MARKDOWN, SUMMARY)
}
