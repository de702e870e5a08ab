package serialbench.report

import serialbench.results.BenchmarkResults

/**
 * The line of the test conditions that says how many calls a timed repetition made: one, or, for calls shorter than
 * the run's `bench.minRepetitionMicros` (a document's: its own least length), several in a row, timed together (their
 * mean the repetition's time). A pure function of the results: the rows that did so and their range of calls per
 * repetition.
 */
internal object RepetitionCalls {
    /** The line, or null for a file from before repetitions could make several calls. */
    fun line(results: BenchmarkResults): String? {
        val micros = results.method?.minRepetitionMicros ?: return null
        if (micros == 0) return "- Each timed repetition made one call."
        val rows = results.results + results.ioPaths + results.ceiling + results.documentSet
        val counts = rows.map { row -> row.callsPerRepetition.ifEmpty { listOf(1) } }
        val several = counts.filter { perFork -> perFork.any { it > 1 } }
        val rule = "- A timed repetition lasts at least ${Units.count(micros)} us: where one call is shorter (by the " +
            "faster of the warm-up's last two), it makes as many calls in a row as fill that time, and its time is " +
            "their mean, as JMH times its iterations; a pause of a millisecond then weighs on many calls, not on " +
            "one.${documents(results.method.documentMinRepetitionMicros)} Decodes from a stream time one call each."
        if (several.isEmpty()) return "$rule Here every call was longer: one call per repetition."
        val all = several.flatten()
        return "$rule Here ${Units.count(several.size)} of ${Units.count(rows.size)} rows did, " +
            "${Units.count(all.min())} to ${Units.count(all.max())} calls per repetition."
    }

    /** What a document's repetition lasts, where the run says (0 in files from before, as long as any other). */
    private fun documents(micros: Int): String = if (micros == 0) {
        ""
    } else {
        " A document's (`bench.input`, `bench.model`, the document set) lasts at least ${Units.count(micros)} us, " +
            "so that each fork times a small one long enough."
    }
}
