package serialbench.config

/**
 * Every `bench.*` name of [groups]: with the full list of what a run reads, a misspelt property
 * (`-Dbench.repetition=5`) is refused before anything runs, with the nearest known name, instead of being ignored.
 */
class KnownOptions(val groups: List<OptionGroup>) {
    /** Every known name, sorted. */
    val names: List<String> = groups.flatMap { it.names }.distinct().sorted()

    /**
     * Refuses the first of [given] (name to value) whose name starts with `bench.` and is not known, naming it, its
     * value and the nearest known name (fewest single-character edits), then every known name.
     */
    fun refuseUnknown(given: Map<String, String>) {
        val known = names.toSet()
        val unknown = given.keys.filter { it.startsWith(Option.PREFIX) && it !in known }.sorted()
        require(unknown.isEmpty()) {
            val name = unknown.first()
            val others = if (unknown.size > 1) " (also unknown: ${unknown.drop(1).joinToString(", ")})" else ""
            "$name='${given[name]}' is not a known property$others; did you mean ${nearest(name)}? " +
                "allowed: ${names.joinToString(", ")}"
        }
    }

    /** The known name with the smallest edit distance to [name]; the first in sorted order on a tie. */
    fun nearest(name: String): String = Suggestions.nearest(name, names)
}
