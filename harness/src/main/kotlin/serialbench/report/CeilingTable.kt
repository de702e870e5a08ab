package serialbench.report

import serialbench.results.CodecPair
import serialbench.results.ResultRow

/**
 * The ceiling of a split (`bench.ceiling`, [serialbench.results.BenchmarkResults.ceiling]): each parallel codec's
 * engine timed on every thread at once, a round of `concurrentCalls` calls of the same work against one call alone
 * (`concurrentCalls` 1), the two series one after the other in each JVM. The ceiling is the calls times one call's
 * median over a round's median (and per JVM, from that fork's means); the parallel codec's speedup over its
 * engine (median over median) is shown as a share of it: a split that does its engine's work gains about the
 * ceiling at most. Nothing is rendered for a run without such rows.
 */
internal object CeilingTable {
    fun render(out: StringBuilder, rows: List<ResultRow>, ceiling: List<ResultRow>, pairs: List<CodecPair>) =
        with(out) {
            val rounds = ceiling.filter { (it.concurrentCalls ?: 1) > 1 }
            if (rounds.isEmpty()) return
            val calls = rounds.mapNotNull { it.concurrentCalls }.distinct().joinToString(" or ")
            appendLine("## The ceiling of a split")
            appendLine()
            appendLine(
                "Each parallel codec's engine on $calls threads at once, each thread its own call of the same work, " +
                    "timed right after one call alone in each of its JVMs (`bench.ceiling`). **Ceiling**: the calls " +
                    "of a round times one call's median over a round's median, how much more of this work the " +
                    "machine does on that many threads than on one, its threads sharing memory, caches and the " +
                    "garbage collector (per fork: from each JVM's own means). A split that does its engine's work " +
                    "gains about this much at most; one that does less (ParallelJson's encoding copies less than " +
                    "`Json`'s) can gain more. **Reached**: the parallel codec's speedup over its engine (median over " +
                    "median, from their rows above) as a share of the ceiling.",
            )
            appendLine()
            val table = MarkdownTable(
                listOf(
                    left("Engine"), left("Shape"), right("N"), left("Operation"), right("One call"),
                    right("A round"), right("Ceiling"), right("Per fork"), left("Parallel codec"),
                    right("Speedup"), right("Reached"),
                ),
            )
            for (round in rounds) {
                val alone = ceiling.firstOrNull { it.concurrentCalls == 1 && it.sameCell(round, round.codec) }
                val engine = rows.firstOrNull { it.sameCell(round, round.codec) }
                val parallel = pairs.firstOrNull { it.single == round.codec }
                    ?.let { pair -> rows.firstOrNull { it.sameCell(round, pair.multi) } }
                val ceilingRatio = alone?.let { ceilingOf(round, it.medianNanos, round.medianNanos) }
                val speedup = if (engine != null &&
                    parallel != null
                ) {
                    engine.medianNanos / parallel.medianNanos
                } else {
                    null
                }
                table.row(
                    "`${round.codec}`",
                    "`${round.shape}`",
                    Units.count(round.size),
                    round.operation.verb,
                    alone?.let { Units.duration(it.medianNanos) } ?: NOT_MEASURED,
                    Units.duration(round.medianNanos),
                    ceilingRatio?.let { Units.ratio(it) } ?: NOT_MEASURED,
                    alone?.let { perFork(round, it) } ?: NOT_MEASURED,
                    parallel?.let { "`${it.codec}`" } ?: NOT_MEASURED,
                    speedup?.let { Units.ratio(it) } ?: NOT_MEASURED,
                    reached(speedup, ceilingRatio),
                )
            }
            table.appendTo(this)
        }

    private fun reached(speedup: Double?, ceiling: Double?): String =
        if (speedup == null || ceiling == null) NOT_MEASURED else Units.percent(Math.rint(PERCENT * speedup / ceiling))

    /** The ceiling from one call's time and a round's. */
    fun ceilingOf(round: ResultRow, aloneNanos: Double, roundNanos: Double): Double =
        (round.concurrentCalls ?: 1) * aloneNanos / roundNanos

    /** Each fork's ceiling, lowest to highest, when both rows have a mean per fork, of as many forks. */
    private fun perFork(round: ResultRow, alone: ResultRow): String {
        val forks = alone.forkMeansNanos.zip(round.forkMeansNanos) { one, all -> ceilingOf(round, one, all) }
        if (forks.size < 2 || alone.forkMeansNanos.size != round.forkMeansNanos.size) return "one JVM"
        return "${Units.ratio(forks.min())}-${Units.ratio(forks.max())}"
    }

    private fun ResultRow.sameCell(other: ResultRow, codec: String): Boolean = this.codec == codec &&
        shape == other.shape && size == other.size && operation == other.operation && decoder == null && io == null

    private const val NOT_MEASURED = "-"
    private const val PERCENT = 100.0
}
