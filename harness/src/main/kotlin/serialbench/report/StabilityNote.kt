package serialbench.report

import serialbench.results.Stability

/** The machine's stability over a run ([Stability]) in one sentence, with a warning when it moved too much. */
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

    fun render(out: StringBuilder, stability: Stability?) {
        if (stability == null) return
        out.appendLine("## Machine stability")
        out.appendLine()
        out.appendLine(line(stability))
        out.appendLine()
    }
}
