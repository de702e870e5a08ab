package serialbench.cli

import serialbench.run.BenchProperties

/** Every option the program reads, by the feature that reads it. */
object OptionsHelp {
    fun text(): String = buildString {
        appendLine("options (bench.<name>=<value>; docs/options.md gives each one's default and bound):")
        for (group in BenchProperties.groups) {
            appendLine("  ${group.feature}:")
            for (name in group.names) appendLine("    $name")
        }
    }
}
