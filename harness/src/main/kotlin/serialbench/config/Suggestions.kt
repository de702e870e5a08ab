package serialbench.config

/** The nearest known name to a misspelt one, by the number of single-character edits. */
object Suggestions {
    /** The name of [known] with the smallest edit distance to [name]; the first in [known]'s order on a tie. */
    fun nearest(name: String, known: List<String>): String = known.minBy { editDistance(name, it) }

    /** [nearest], if it is within a third of [name]'s length (at least one edit): a suggestion worth making. */
    fun close(name: String, known: List<String>): String? =
        known.minByOrNull { editDistance(name, it) }?.takeIf { editDistance(name, it) <= maxOf(1, name.length / 3) }

    /** Levenshtein distance: insertions, deletions and substitutions of one character. */
    fun editDistance(a: String, b: String): Int {
        var previous = IntArray(b.length + 1) { it }
        for (i in 1..a.length) {
            val current = IntArray(b.length + 1)
            current[0] = i
            for (j in 1..b.length) {
                val substitution = previous[j - 1] + if (a[i - 1] == b[j - 1]) 0 else 1
                current[j] = minOf(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            previous = current
        }
        return previous[b.length]
    }
}
