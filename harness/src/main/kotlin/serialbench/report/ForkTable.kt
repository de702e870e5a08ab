package serialbench.report

import serialbench.measure.CompiledThrough
import serialbench.measure.ReferenceWorkload
import serialbench.results.ForkMachine
import serialbench.results.ResultRow
import serialbench.statistics.Statistics

/**
 * Each fork's mean beside the others for the rows measured in more than one JVM, and the spread between them (the
 * largest fork mean over the smallest): the one place a reader sees that two JVMs of the same codec disagreed. A row
 * whose forks disagree by more than [DISAGREEMENT_PERCENT] is flagged: its error is wide, and a difference from another
 * row counts only beyond that spread. A fork the machine may have slowed ([ForkDisturbance], from each fork's
 * [ForkMachine] record) is marked ([ForkDisturbance.MARK]) beside its mean, and listed with what was seen.
 */
internal object ForkTable {
    /** By how much the largest fork mean may exceed the smallest before a row is flagged. */
    const val DISAGREEMENT_PERCENT = 10.0

    private const val FLAG = "⚠️"

    fun render(out: StringBuilder, rows: List<ResultRow>, machines: List<ForkMachine> = emptyList()) = with(out) {
        val forked = rows.filter { it.forkMeansNanos.size > 1 }
        if (forked.isEmpty() && machines.isEmpty()) return
        val disturbed = ForkDisturbance.of(machines)
        val marked = disturbed.keys.map { it.codec to it.fork }.toSet()
        appendLine("## Forks")
        appendLine()
        if (forked.isNotEmpty()) renderMeans(forked, marked)
        if (machines.isNotEmpty()) renderMachines(machines, disturbed)
    }

    private fun StringBuilder.renderMeans(forked: List<ResultRow>, marked: Set<Pair<String, Int>>) {
        appendLine(
            "The mean of each JVM (fork) of a row, in the order they ran, and the largest over the smallest. " +
                "$FLAG: the forks disagree by more than ${Units.percent(DISAGREEMENT_PERCENT)}; with a small " +
                "drift inside each fork, the JVMs settled differently. The row's error then is wide (it is over the " +
                "fork means), and the row is called faster or slower than another only where every fork is; run " +
                "more forks before trusting a difference of that size." +
                if (marked.isEmpty()) {
                    ""
                } else {
                    " ${ForkDisturbance.MARK}: a fork the machine may have disturbed (below)."
                },
        )
        appendLine()
        val table =
            MarkdownTable(
                listOf(
                    left("Codec"),
                    left("Shape"),
                    right("N"),
                    left("Operation"),
                    right("Fork means"),
                    right("Largest/smallest"),
                ),
            )
        for (row in forked) {
            val means = row.forkMeansNanos
            val spread = means.max() / means.min()
            table.row(
                "`${row.codec}`",
                "`${row.shape}`",
                Units.count(row.size),
                row.operation.verb,
                means.withIndex().joinToString(", ") { (index, mean) ->
                    Units.duration(mean) + if (row.codec to index + 1 in marked) ForkDisturbance.MARK else ""
                },
                Units.ratio(spread) + if (spread > 1 + DISAGREEMENT_PERCENT / 100) " $FLAG" else "",
            )
        }
        table.appendTo(this)
    }

    private fun StringBuilder.renderMachines(machines: List<ForkMachine>, disturbed: Map<ForkMachine, List<String>>) {
        val walked = machines.any { it.walkNanos.isNotEmpty() }
        appendLine("### The machine in each fork")
        appendLine()
        appendLine(
            "Each fork timed the reference workload (${ReferenceWorkload.Kernel.HASH.description}) before each " +
                "size's series and after its last, and counted JIT compilation and collections inside its timed " +
                "calls. A fork is marked when the workload" + (if (walked) " or the table walk (below)" else "") +
                " ran slower than the run's median by more than " +
                "${Units.percent(ForkDisturbance.REFERENCE_MARGIN_PERCENT)} (the machine was slower), when JIT " +
                "compilation took more than ${Units.percent(CompiledThrough.SHARE_PERCENT)} of its timed " +
                "calls and ${CompiledThrough.MIN_MILLIS} ms (the code was still compiling), or when collections " +
                "took more than ${Units.percent(ForkDisturbance.GC_SHARE_PERCENT)} of them and more than " +
                "${Units.ratio(ForkDisturbance.GC_OVER_SIBLINGS)} the median share of its codec's forks. " +
                "${disturbed.size} of ${machines.size} forks marked." + walk(machines) + busyReadings(machines),
        )
        appendLine()
        if (disturbed.isEmpty()) return
        val table = MarkdownTable(
            listOfNotNull(
                left("Codec"),
                right("Fork"),
                right("Reference: start / slowest / end"),
                right("Walk: slowest").takeIf { walked },
                right("JIT"),
                right("GC"),
                left("Seen"),
            ),
        )
        for ((fork, reasons) in disturbed) {
            table.row(
                *listOfNotNull(
                    "`${fork.codec}`",
                    "${fork.fork}",
                    "${Units.duration(fork.referenceStartNanos)} / ${Units.duration(fork.referenceSlowestNanos)} / " +
                        Units.duration(fork.referenceEndNanos),
                    (fork.walkSlowestNanos?.let(Units::duration) ?: "not timed").takeIf { walked },
                    fork.jitMillis?.let { Units.duration(it * 1e6) } ?: "not counted",
                    Units.duration(fork.gcMillis * 1e6),
                    reasons.joinToString("; "),
                ).toTypedArray(),
            )
        }
        table.appendTo(this)
    }

    /**
     * The table walk's timings over the forks, where they have it: how far the machine's speed for code like a codec's
     * parsing moved during the run, which the reference workload's hash hardly shows.
     */
    private fun walk(machines: List<ForkMachine>): String {
        val walks = machines.flatMap { it.walkNanos }
        if (walks.isEmpty()) return ""
        val slowest = walks.max() / Statistics.median(walks)
        val base = " Each fork also timed the table walk (${ReferenceWorkload.Kernel.TABLE_WALK.description}) at the " +
            "same moments, ${StabilityNote.WALK_SEES}: ${Units.duration(walks.min())} to " +
            "${Units.duration(walks.max())} over the forks (the slowest over their median ${Units.ratio(slowest)})"
        return if (ForkDisturbance.machineSlower(slowest)) "$base. $FLAG ${StabilityNote.walkMoved}." else "$base."
    }

    /** What the forks' timings made again while the JVM's own threads were busy say; nothing where none was. */
    private fun busyReadings(machines: List<ForkMachine>): String {
        val again = machines.sumOf { it.referenceBusyReadings }
        if (again == 0) return ""
        return " $again timings of the workload were made again after a pause, because the JVM's own threads (the " +
            "collector's, the JIT's) took time from the workload's core during them: the workload then shared its " +
            "core with the fork's own JVM, not with the machine's other work."
    }
}
