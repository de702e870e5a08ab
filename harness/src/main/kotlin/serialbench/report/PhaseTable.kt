package serialbench.report

import serialbench.results.RunPhase
import java.util.Locale

/**
 * Where the run's wall time went ([RunPhase]), largest first, with each phase's share and the total: what a shorter
 * run would have to cut. Nothing for a results file from before runs recorded it.
 */
internal object PhaseTable {
    fun render(out: StringBuilder, phaseNanos: Map<RunPhase, Long>) = with(out) {
        if (phaseNanos.isEmpty()) return
        val totalNanos = phaseNanos.values.sum()
        appendLine("## Where the run's time went")
        appendLine()
        appendLine(
            "Wall time by phase, from the start of the run to its files written (${clock(totalNanos)} in all). " +
                "With forks, each fork splits its own time; what it cannot see (its JVM starting, touching its heap " +
                "and exiting) is under JVM starts.",
        )
        appendLine()
        val table = MarkdownTable(listOf(left("Phase"), right("Time"), right("Share")))
        for ((phase, nanos) in phaseNanos.entries.sortedByDescending { it.value }) {
            table.row(name(phase, phaseNanos.keys), clock(nanos), Units.percent(share(nanos, totalNanos)))
        }
        table.row("**total**", "**${clock(totalNanos)}**", "")
        table.appendTo(this)
    }

    /**
     * [phase]'s name in a table of [phases]: the series' warm-up of a file from before its JIT wait, full GC and fill
     * were recorded apart held them.
     */
    private fun name(phase: RunPhase, phases: Set<RunPhase>): String =
        if (phase == RunPhase.SERIES_WARM_UP && RunPhase.SERIES_WARM_UP_PARTS.none { it in phases }) {
            WHOLE_SERIES_WARM_UP
        } else {
            phase.displayName
        }

    /** [RunPhase.SERIES_WARM_UP]'s name where it holds the whole warm-up. */
    const val WHOLE_SERIES_WARM_UP = "warm-up before each series (calls, JIT wait, full GC, any fill)"

    private fun share(nanos: Long, totalNanos: Long): Double =
        if (totalNanos == 0L) 0.0 else Math.round(nanos * 1000.0 / totalNanos) / 10.0

    /** `m:ss` from a minute on, else seconds with one decimal. */
    private fun clock(nanos: Long): String {
        val seconds = nanos / 1e9
        return if (seconds < 60) {
            String.format(Locale.ROOT, "%.1f s", seconds)
        } else {
            String.format(Locale.ROOT, "%d:%02d", seconds.toLong() / 60, seconds.toLong() % 60)
        }
    }
}
