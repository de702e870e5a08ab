package serialbench.run

import serialbench.config.HttpOptions

/** The `bench.*` properties one feature reads, under the feature's name (for the error that lists them). */
class PropertyGroup(val feature: String, val names: List<String>) {
    init {
        require(names.all { it.startsWith(BenchProperties.PREFIX) }) { "$feature: a name without ${BenchProperties.PREFIX}: $names" }
    }
}

/**
 * Every `bench.*` property the program reads, collected from the features that read them: a feature with a
 * configuration object registers the group that object declares (as [BenchConfig.PROPERTIES]); features that read
 * their few properties elsewhere are listed here. With the full list, a misspelt property (`-Dbench.repetition=5`)
 * is refused before anything runs, with the nearest known name, instead of being silently ignored.
 */
object BenchProperties {
    const val PREFIX = "bench."

    /**
     * The benchmark JVM's flags, and those of a perf run's parent that starts the forks: pom properties; the first
     * arrives as a system property too (the flags forks start with, [BenchmarkJvm]).
     */
    private val BUILD = PropertyGroup("build", listOf(BenchmarkJvm.JVM_ARGS, "bench.parentJvmArgs"))

    /** Every group; `BenchPropertiesSourceTest` fails when the sources, build or CI read a name none of them holds. */
    val groups: List<PropertyGroup>
        get() = listOf(BenchConfig.PROPERTIES, JmhConfig.PROPERTIES, ForkMain.PROPERTIES, HttpOptions.PROPERTIES, StreamsBench.PROPERTIES, BUILD)

    /** Every known name, sorted. */
    val names: List<String> get() = groups.flatMap { it.names }.distinct().sorted()

    /** The `bench.*` system properties of this JVM, by name. */
    fun ofThisJvm(): Map<String, String> = System.getProperties().stringPropertyNames()
        .filter { it.startsWith(PREFIX) }
        .associateWith { System.getProperty(it) }

    /**
     * Refuses the first of [given] (name to value) whose name starts with [PREFIX] and is not known, naming it, its
     * value and the nearest known name (fewest single-character edits), then every known name.
     */
    fun refuseUnknown(given: Map<String, String>) {
        val known = names.toSet()
        val unknown = given.keys.filter { it.startsWith(PREFIX) && it !in known }.sorted()
        require(unknown.isEmpty()) {
            val name = unknown.first()
            val others = if (unknown.size > 1) " (also unknown: ${unknown.drop(1).joinToString(", ")})" else ""
            "$name='${given[name]}' is not a known property$others; did you mean ${nearest(name)}? " +
                "allowed: ${names.joinToString(", ")}"
        }
    }

    /** The known name with the smallest edit distance to [name]; the first in sorted order on a tie. */
    fun nearest(name: String): String = names.minBy { editDistance(name, it) }

    /** Levenshtein distance: insertions, deletions and substitutions of one character. */
    internal fun editDistance(a: String, b: String): Int {
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
