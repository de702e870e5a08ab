package serialbench.report

import serialbench.results.BenchmarkResults
import serialbench.results.Stability
import serialbench.statistics.Statistics

/**
 * The machine's stability over a run ([Stability]) in one sentence, with a warning when it moved too much; and the
 * machine of two runs compared ([compared]).
 */
internal object StabilityNote {
    fun line(stability: Stability?): String {
        if (stability == null) {
            return "Machine stability: not recorded (a results file from before runs timed a reference workload)."
        }
        val base = "Machine stability: the reference workload (${stability.workload}, median of " +
            "${stability.repetitions}) took ${Units.duration(stability.startNanos)} at the start of the run " +
            "and ${Units.duration(stability.endNanos)} at the end: end/start " +
            "${Units.ratio(stability.endOverStart)}."
        return if (!stability.moved) {
            base
        } else {
            "⚠️ $base The machine's speed moved by more than " +
                "${Units.percent(Stability.LIMIT_PERCENT)} during the run: differences between figures measured " +
                "at different times may come from the machine, not the code."
        }
    }

    /**
     * What the table walk shows that the hash does not: a neighbour busy on the same cores slows a codec's parsing,
     * and the walk, by up to twice where it leaves the hash alone.
     */
    const val WALK_SEES = "code like a codec's parsing that a neighbour busy on the same core slows where it " +
        "hardly slows the hash"

    /** What a table walk that moved by more than [Stability.LIMIT_PERCENT] says, after its timings. */
    val walkMoved: String = "The machine's speed for such code moved by more than " +
        "${Units.percent(Stability.LIMIT_PERCENT)} during the run: forks of one codec may differ by as much"

    /** The table walk's [walk] in one sentence, with a warning when it moved too much ([walkMoved]). */
    fun walkLine(walk: Stability): String {
        val base = "The table walk (${walk.workload}, median of ${walk.repetitions}), $WALK_SEES above, took " +
            "${Units.duration(walk.startNanos)} at the start and ${Units.duration(walk.endNanos)} at the end: " +
            "end/start ${Units.ratio(walk.endOverStart)}."
        return if (!walk.moved) {
            base
        } else {
            "⚠️ $base $walkMoved, and a difference of that size between codecs may be the machine's."
        }
    }

    fun render(out: StringBuilder, stability: Stability?, walk: Stability? = null) {
        if (stability == null) return
        out.appendLine("## Machine stability")
        out.appendLine()
        out.appendLine(line(stability))
        walk?.let {
            out.appendLine()
            out.appendLine(walkLine(it))
        }
        out.appendLine()
    }

    /**
     * The reference workload of [previous] and [current] side by side, in the same kind of JVM (each fork's start and
     * end, the median over the forks, where both runs recorded forks; else the benchmark JVM's start and end), with
     * a warning when they differ by more than [Stability.LIMIT_PERCENT]: the machine changed, not the code. `null`
     * where the two runs did not time it alike.
     */
    fun compared(previous: BenchmarkResults, current: BenchmarkResults): String? {
        val (then, now, where) = when {
            previous.forkMachines.isNotEmpty() && current.forkMachines.isNotEmpty() ->
                Triple(forkMedian(previous), forkMedian(current), "the median over each run's forks")

            previous.stability != null && current.stability != null ->
                Triple(middle(previous.stability), middle(current.stability), "the benchmark JVM's, start and end")

            else -> return null
        }
        val ratio = now / then
        val base = "Machine: the reference workload took ${Units.duration(now)} in this run and " +
            "${Units.duration(then)} in the previous one ($where): this/previous ${Units.ratio(ratio)}."
        return if (kotlin.math.abs(ratio - 1) * 100 <= Stability.LIMIT_PERCENT) {
            base
        } else {
            "⚠️ $base The machine ran at another speed (by more than ${Units.percent(Stability.LIMIT_PERCENT)}): " +
                "a change of that size below may be the machine's, not the code's."
        }
    }

    private fun middle(stability: Stability): Double = (stability.startNanos + stability.endNanos) / 2

    private fun forkMedian(results: BenchmarkResults): Double =
        Statistics.median(results.forkMachines.flatMap { it.referenceNanos })
}
