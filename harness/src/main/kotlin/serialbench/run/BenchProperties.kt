package serialbench.run

import serialbench.config.KnownOptions
import serialbench.config.Option
import serialbench.config.OptionGroup

/**
 * Every `bench.*` name a run reads: the harness's groups ([OptionCatalog]) and those of the module that runs it,
 * given by that module ([known]). With the full list, a misspelt property (`-Dbench.repetition=5`) is refused
 * before anything runs, with the nearest known name, instead of being silently ignored.
 */
object BenchProperties {
    const val PREFIX = Option.PREFIX

    /** The harness's groups; `BenchPropertiesSourceTest` fails when the sources, build or CI read a name none holds. */
    val groups: List<OptionGroup> get() = OptionCatalog.groups

    /** The harness's names, sorted. */
    val names: List<String> get() = known().names

    /** The names of the harness's groups and of [more], those of the module that runs. */
    fun known(more: List<OptionGroup> = emptyList()): KnownOptions = KnownOptions(groups + more)

    /**
     * This JVM's system properties as a configuration reads them, after refusing a `bench.*` name that neither the
     * harness nor [more] declares.
     */
    fun ofThisJvmChecked(more: List<OptionGroup> = emptyList()): (String) -> String? {
        known(more).refuseUnknown(ofThisJvm())
        return System::getProperty
    }

    /** The `bench.*` system properties of this JVM, by name. */
    fun ofThisJvm(): Map<String, String> = System.getProperties().stringPropertyNames()
        .filter { it.startsWith(PREFIX) }
        .associateWith { System.getProperty(it) }

    /** Refuses the first unknown `bench.*` name of [given] ([KnownOptions.refuseUnknown]). */
    fun refuseUnknown(given: Map<String, String>, more: List<OptionGroup> = emptyList()) =
        known(more).refuseUnknown(given)

    /** The known name with the smallest edit distance to [name]; the first in sorted order on a tie. */
    fun nearest(name: String): String = known().nearest(name)
}
