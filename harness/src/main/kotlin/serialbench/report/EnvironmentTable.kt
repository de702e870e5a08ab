package serialbench.report

import serialbench.results.Environment

/** The environment header of a report: where and how a run happened, with any [extraRows] before the date. */
internal object EnvironmentTable {
    fun render(out: StringBuilder, env: Environment, extraRows: List<Pair<String, String>> = emptyList()) = with(out) {
        appendLine("## Environment")
        appendLine()
        appendLine("| | |")
        appendLine("|---|---|")
        appendLine("| CPU | ${env.cpuModel}, ${env.availableProcessors} cores available |")
        appendLine("| OS | ${env.os} |")
        appendLine("| JVM | ${env.jvm} |")
        appendLine("| Max heap | ${Units.bytes(env.maxHeapBytes)} |")
        appendLine("| GC | ${env.garbageCollectors.joinToString(", ")} |")
        appendLine("| JVM flags | ${env.jvmFlags.joinToString(" ") { "`$it`" }.ifEmpty { "(none)" }} |")
        appendLine("| ParallelJson threads | ${env.parallelJsonThreads} |")
        env.gitCommit?.let { appendLine("| Git commit | `$it` |") }
        for ((name, value) in extraRows) appendLine("| $name | $value |")
        appendLine("| Date | ${env.date} |")
        appendLine("| Properties | ${env.benchProperties.entries.joinToString(" ") { "`-D${it.key}=${it.value}`" }} |")
        appendLine()
        if (env.libraries.isNotEmpty()) {
            appendLine(
                "<details><summary>Libraries on the classpath (${env.libraries.size}), versions from their " +
                    "jars</summary>",
            )
            appendLine()
            appendLine(env.libraries.joinToString(", ") { "`${it.artifact}` ${it.version}" })
            appendLine()
            appendLine("</details>")
            appendLine()
        }
    }
}
