package serialbench.report

import serialbench.results.E2eResults
import serialbench.results.E2eRow
import kotlin.math.exp
import kotlin.math.ln

/** What the parallel codecs and connection reuse changed in an end-to-end run, computed from its rows. */
internal object E2eComparisons {
    /** Each multithreaded codec beside its single-threaded engine, cell by cell, with a verdict and a conclusion. */
    fun parallel(out: StringBuilder, results: E2eResults) = with(out) {
        appendLine("## Parallel codecs under concurrent requests")
        appendLine()
        val pairs = results.method.parallelPairs.filter { pair ->
            results.rows.any { it.codec == pair.multi } && results.rows.any { it.codec == pair.single }
        }
        if (pairs.isEmpty()) {
            val needed = results.method.parallelPairs.joinToString(" or ") { "`${it.multi}` and `${it.single}`" }
            appendLine("Not measured: this run needs $needed.")
            appendLine()
            return@with
        }
        appendLine(
            "Does splitting one request over ${results.method.codecThreads} threads help when several " +
                "clients send at once? Speedup is the engine's mean over the parallel codec's (above 1.00x " +
                "the parallel codec is faster); a verdict needs the two 99.9% confidence intervals apart.",
        )
        appendLine()
        val table = MarkdownTable(
            listOf(
                left("Codec"), left("Engine"), left("Shape"), right("N"), left("Mode"), right("Mean"),
                right("Engine mean"),
                right("Requests/s"), right("Engine requests/s"), right("Speedup"), left("Verdict"),
            ),
        )
        val conclusions = mutableListOf<String>()
        for (pair in pairs) {
            val cells = results.rows.filter { it.codec == pair.multi }.mapNotNull { multi ->
                results.rows.firstOrNull { it.codec == pair.single && sameCell(it, multi) }?.let { multi to it }
            }
            for ((multi, single) in cells) {
                table.row(
                    "`${multi.codec}`", "`${single.codec}`", "`${multi.shape}`", Units.count(multi.size),
                    E2eReport.mode(multi.threads, multi.pooled),
                    Units.duration(multi.meanNanos), Units.duration(single.meanNanos),
                    Units.rate(multi.requestsPerSecond), Units.rate(single.requestsPerSecond),
                    Units.ratio(single.meanNanos / multi.meanNanos), verdict(multi, single).label,
                )
            }
            for ((threads, byThreads) in cells.groupBy { it.first.threads }.toSortedMap()) {
                val verdicts = byThreads.map { (multi, single) -> verdict(multi, single) }
                conclusions += "- `${pair.multi}` against `${pair.single}` with $threads client " +
                    "thread${if (threads == 1) "" else "s"}: helps in " +
                    "${verdicts.count { it == Verdict.HELPS }} and hurts in " +
                    "${verdicts.count { it == Verdict.HURTS }} of ${verdicts.size} cells (mean speedup " +
                    "${Units.ratio(byThreads.map { (m, s) -> s.meanNanos / m.meanNanos }.average())})."
            }
        }
        table.appendTo(this)
        conclusions.forEach(::appendLine)
        appendLine()
    }

    /** Total time with the pool over total time with new connections, per client thread count. */
    fun connectionReuse(out: StringBuilder, rows: List<E2eRow>) = with(out) {
        val cells = rows.filter { it.pooled }.mapNotNull { pooled ->
            rows.firstOrNull {
                !it.pooled && it.codec == pooled.codec && it.shape == pooled.shape &&
                    it.size == pooled.size &&
                    it.threads == pooled.threads
            }
                ?.let { pooled to it }
        }
        if (cells.isEmpty()) return@with
        appendLine("## Connection reuse")
        appendLine()
        appendLine(
            "Total time of a mode's measured requests with the pool over the same requests with a new " +
                "connection each (below 1.00x the pool is faster): geometric mean over every codec, shape " +
                "and size, and the range.",
        )
        appendLine()
        for ((threads, byThreads) in cells.groupBy { it.first.threads }.toSortedMap()) {
            val ratios = byThreads.map { (pooled, fresh) -> pooled.totalWallNanos.toDouble() / fresh.totalWallNanos }
            val geometricMean = exp(ratios.sumOf { ln(it) } / ratios.size)
            appendLine(
                "- $threads client thread${if (threads == 1) "" else "s"}: ${Units.ratio(geometricMean)} " +
                    "(from ${Units.ratio(ratios.min())} to ${Units.ratio(ratios.max())} over ${ratios.size} cells).",
            )
        }
        appendLine()
    }

    private enum class Verdict(val label: String) { HELPS("🟢 helps"), HURTS("🔴 hurts"), UNCLEAR("within error") }

    private fun verdict(multi: E2eRow, single: E2eRow): Verdict {
        val multiError = multi.errorNanos ?: return Verdict.UNCLEAR
        val singleError = single.errorNanos ?: return Verdict.UNCLEAR
        return when {
            multi.meanNanos + multiError < single.meanNanos - singleError -> Verdict.HELPS
            multi.meanNanos - multiError > single.meanNanos + singleError -> Verdict.HURTS
            else -> Verdict.UNCLEAR
        }
    }

    private fun sameCell(a: E2eRow, b: E2eRow) =
        a.shape == b.shape && a.size == b.size && a.threads == b.threads && a.pooled == b.pooled
}
