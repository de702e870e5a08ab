package serialbench.report

import serialbench.results.CodecPair
import serialbench.results.ResultRow

/**
 * The document set (`bench.documentSet`, [serialbench.results.BenchmarkResults.documentSet]): each parallel codec
 * against its engine on each document, mode and operation, with the verdict of [Comparison], then the set's worst
 * ratio and how many cells are below [FLOOR]. Nothing is rendered for a run without such rows.
 */
internal object DocumentSetTable {
    /** The least ratio the set asks of a parallel codec: never slower than its engine, within the noise of a run. */
    const val FLOOR = 0.95

    /** JIT time in a parallel codec's timed calls that a cell below [FLOOR] names (its engine's below it). */
    const val COMPILING_MILLIS = 100L

    /**
     * The set's table and worst ratio, a verdict that forks the machine may have slowed ([marks], by codec and fork
     * number: [ForkDisturbance.machineSlower]; the JIT in a cell's timed calls the cell names itself) decided marked
     * [ForkDisturbance.MARK].
     */
    fun render(
        out: StringBuilder,
        rows: List<ResultRow>,
        pairs: List<CodecPair>,
        marks: Set<Pair<String, Int>> = emptySet(),
    ) {
        val comparisons = comparisons(rows, pairs)
        if (comparisons.isEmpty()) return
        out.table(comparisons, marks)
    }

    private fun StringBuilder.table(comparisons: List<Pair<CodecPair, Comparison>>, marks: Set<Pair<String, Int>>) {
        appendLine("## The document set")
        appendLine()
        appendLine(
            "Generated documents (`bench.documentSet`): compact and indented, a few large members or many small " +
                "ones or none, 1 KB to 20 MB, each read and written as its class and as a tree by each parallel " +
                "codec and its engine (the kotlinx ones in that document's configuration of `Json`; every codec " +
                "reads the text `Json` wrote). **Speedup**: the engine's mean over the parallel codec's, with the " +
                "verdict of the comparison above.",
        )
        appendLine()
        val table = MarkdownTable(
            listOf(
                left("Document"), left("Mode"), right("Size"), left("Operation"), left("Engine"),
                right("Engine time"), left("Parallel codec"), right("Parallel time"), left("Speedup"),
            ),
        )
        var decided = false
        for ((pair, comparison) in comparisons) {
            val byMarked = decidedByMarked(comparison, marks)
            decided = decided || byMarked
            val (document, mode) = comparison.single.shape.split('/', limit = 2).let { it[0] to it.getOrElse(1) { "" } }
            table.row(
                "`$document`", mode, Units.bytes(comparison.single.payloadBytes.toLong()),
                comparison.single.operation.verb, "`${pair.single}`", Units.duration(comparison.singleNanos),
                "`${pair.multi}`", Units.duration(comparison.multiNanos),
                comparison.verdict + if (byMarked) " ${ForkDisturbance.MARK}" else "",
            )
        }
        table.appendTo(this)
        if (decided) {
            appendLine(ForkDisturbance.DECIDED_NOTE)
            appendLine()
        }
        appendLine(worst(comparisons, marks))
        appendLine()
    }

    private fun decidedByMarked(comparison: Comparison, marks: Set<Pair<String, Int>>): Boolean =
        ForkDisturbance.decides(comparison.multi, marks, comparison.single, marks)

    /**
     * The set's worst ratio in words, and the cells below [FLOOR] with their verdicts; a cell with forks the machine
     * may have disturbed ([marks]) with its ratio without them.
     */
    fun worst(comparisons: List<Pair<CodecPair, Comparison>>, marks: Set<Pair<String, Int>> = emptySet()): String {
        val (pair, worst) = comparisons.minBy { (_, comparison) -> comparison.speedup }
        val below = comparisons.filter { (_, comparison) -> comparison.speedup < FLOOR }
        val where = "`${pair.multi}` over `${pair.single}` on `${worst.single.shape}`, ${worst.single.operation.verb}"
        val belowText = if (below.isEmpty()) {
            "no cell below ${Units.ratio(FLOOR)}"
        } else {
            "${below.size} of ${comparisons.size} cells below ${Units.ratio(FLOOR)}: " +
                below.joinToString("; ") { (_, c) ->
                    "`${c.single.shape}` ${c.single.operation.verb} ${c.verdict}" + compiling(c) + choices(c) +
                        unmarked(c, marks)
                }
        }
        return "**Worst ratio of the set: ${worst.verdict}** ($where); $belowText."
    }

    /**
     * Where the parallel codec's timed calls of a cell overlapped [COMPILING_MILLIS] or more of JIT compilation
     * ([ResultRow.jitTimeMillis]), and its engine's less: that cell measured a JVM still compiling the split code
     * (whose compiler threads take cores from a split), not its steady state.
     */
    private fun compiling(comparison: Comparison): String {
        val millis = comparison.multi.jitTimeMillis ?: return ""
        val engineMillis = comparison.single.jitTimeMillis ?: 0
        if (millis < COMPILING_MILLIS || engineMillis >= COMPILING_MILLIS) return ""
        return ", timed while the JIT compiled for $millis ms"
    }

    /**
     * Where forks of the cell's codecs are marked ([marks]): the ratio of the means of the forks left, or that every
     * fork of one of them was.
     */
    private fun unmarked(comparison: Comparison, marks: Set<Pair<String, Int>>): String {
        val multi = ForkDisturbance.unmarked(comparison.multi, marks)
        val single = ForkDisturbance.unmarked(comparison.single, marks)
        if (multi === comparison.multi && single === comparison.single) return ""
        if (multi == null || single == null) return ", every fork of a codec marked ${ForkDisturbance.MARK}"
        return ", ${Units.ratio(single.meanNanos / multi.meanNanos)} without the forks marked ${ForkDisturbance.MARK}"
    }

    /**
     * Where some fork of the parallel codec read or wrote whole a list or map long enough to split, in its timed calls
     * ([ResultRow.listsSplit], [ResultRow.listsWhole]), each fork's split of all: forks that chose differently timed
     * different work, and the cell's mean mixes them ([SplitChoices] for lists).
     */
    private fun choices(comparison: Comparison): String {
        val row = comparison.multi
        return if (SplitChoices.choseWhole(row)) ", split per fork " + SplitChoices.perFork(row) else ""
    }

    /** Each pair's parallel codec against its engine, on every document, mode and operation both measured. */
    fun comparisons(rows: List<ResultRow>, pairs: List<CodecPair>): List<Pair<CodecPair, Comparison>> =
        pairs.flatMap { pair ->
            val engine = rows.filter { it.codec == pair.single }.associateBy { it.shape to it.operation }
            rows.filter { it.codec == pair.multi }.mapNotNull { multi ->
                engine[multi.shape to multi.operation]?.let { single -> pair to Comparison(multi.size, multi, single) }
            }
        }
}
