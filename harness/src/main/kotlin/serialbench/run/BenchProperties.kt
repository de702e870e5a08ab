package serialbench.run

import serialbench.config.OptionGroup
import serialbench.config.Suggestions

/**
 * Every `bench.*` name the program reads, from the registry of options ([OptionCatalog]). With the full list, a
 * misspelt property (`-Dbench.repetition=5`) is refused before anything runs, with the nearest known name, instead
 * of being silently ignored.
 */
object BenchProperties {
    const val PREFIX = "bench."

    /** Every group; `BenchPropertiesSourceTest` fails when the sources, build or CI read a name none of them holds. */
    val groups: List<OptionGroup> get() = OptionCatalog.groups

    /** Every known name, sorted. */
    val names: List<String> get() = groups.flatMap { it.names }.distinct().sorted()

    /** This JVM's system properties as a configuration reads them, after refusing an unknown `bench.*` name ([refuseUnknown]). */
    fun ofThisJvmChecked(): (String) -> String? {
        refuseUnknown(ofThisJvm())
        return System::getProperty
    }

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
    fun nearest(name: String): String = Suggestions.nearest(name, names)
}
