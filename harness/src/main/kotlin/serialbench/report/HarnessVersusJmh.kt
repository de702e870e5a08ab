package serialbench.report

import serialbench.results.JmhResults
import serialbench.results.ResultRow

/** The harness's means beside JMH's `avgt` scores for the same codec code, operation and size. */
internal object HarnessVersusJmh {
    fun render(out: StringBuilder, jmh: JmhResults?, rows: List<ResultRow>) = with(out) {
        if (jmh == null || jmh.scores.isEmpty()) return
        appendLine("## Harness vs JMH")
        appendLine()
        appendLine(
            "JMH ran the same codec classes (`CodecJmhBenchmark`, mode avgt, ${jmh.scores.first().forks} fork(s) × " +
                "${jmh.scores.first().measurementIterations} measurement iterations, " +
                "forks with `${jmh.jvmFlags.joinToString(" ")}`) on ${jmh.date}. " +
                "Harness / JMH above 1 means the harness measured more time.",
        )
        appendLine()
        val table = MarkdownTable(
            listOf(
                left("Codec"),
                left("Operation"),
                right("N"),
                right("Harness mean"),
                right("JMH avgt"),
                right("Harness / JMH"),
            ),
        )
        for (score in jmh.scores) {
            val harness = rows.firstOrNull {
                it.codec == score.codec && it.operation == score.operation && it.size == score.size
            }
            table.row(
                "`${score.codec}`",
                score.operation.verb,
                Units.count(score.size),
                harness?.let { row -> Units.duration(row.meanNanos) + errorSuffix(row.errorNanos) } ?: "not measured",
                Units.duration(score.scoreNanos) + errorSuffix(score.errorNanos),
                harness?.let { Units.ratio(it.meanNanos / score.scoreNanos) } ?: "-",
            )
        }
        table.appendTo(this)
    }

    private fun errorSuffix(errorNanos: Double?): String = errorNanos?.let { " ± ${Units.duration(it)}" } ?: ""
}
