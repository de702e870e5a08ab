package serialbench.results

/**
 * Refuses JMH scores no cross-check can produce ([JmhResults], `jmh-results.json`), before a report sets them beside
 * the harness's figures. The file holds at least one score (a cross-check measures every codec, operation and size it
 * is given, and fails on an error); for every score:
 * - `scoreNanos` finite and above 0 (a time was measured, and the report divides by it), `errorNanos` absent or
 *   finite and non-negative;
 * - `size`, `forks` and `measurementIterations` at least 1 (the cross-check's options allow no fewer);
 * - at most one score per codec, operation and size (the cell the report pairs with the harness's row).
 */
object PlausibleJmhResults {
    /** @throws IllegalArgumentException naming the index of the first bad score, the score, and the field. */
    fun require(results: JmhResults) {
        require(results.scores.isNotEmpty()) {
            "scores is empty: the file holds no JMH score; allowed: one or more, one per codec, operation and size"
        }
        val seen = HashMap<List<Any?>, String>()
        PlausibleResults.requireEach("scores", results.scores, seen, ::key, ::describe) { score ->
            problem(score)
                ?: seen[key(score)]?.let { "the same score as $it (one score per codec, operation and size)" }
        }
    }

    private fun key(score: JmhScore): List<Any?> = listOf(score.codec, score.operation, score.size)

    /** The codec, operation and size of [score]. */
    fun describe(score: JmhScore): String = "${score.codec} ${score.operation.verb}, N = ${score.size}"

    private fun problem(score: JmhScore): String? =
        "scoreNanos = ${score.scoreNanos}; allowed: a finite number of nanoseconds above 0"
            .takeUnless { score.scoreNanos.isFinite() && score.scoreNanos > 0 }
            ?: PlausibleResults.notNegative("errorNanos", score.errorNanos)
            ?: PlausibleResults.atLeast("size", score.size.toLong(), 1)
            ?: PlausibleResults.atLeast("forks", score.forks.toLong(), 1)
            ?: PlausibleResults.atLeast("measurementIterations", score.measurementIterations.toLong(), 1)
}
