package serialbench.run

import java.lang.management.ManagementFactory

/**
 * The flags of the JVM that measures, and its heap. With forks, that is each fork, started with `bench.jvmArgs`
 * (the pom passes them to the test JVM as a system property), while the parent that starts them runs small
 * (`bench.parentJvmArgs`): it only starts forks, pools their results and writes the report. Without forks, or
 * where the property is absent (a run from an IDE), it is this JVM, with its own `-X` flags.
 */
internal object BenchmarkJvm {
    const val JVM_ARGS = "bench.jvmArgs"

    /** The flags of a perf run's own JVM when it forks: a pom property, read by the build only. */
    const val PARENT_JVM_ARGS = "bench.parentJvmArgs"

    /** This JVM's own `-X` flags. */
    val ownFlags: List<String> get() = ManagementFactory.getRuntimeMXBean().inputArguments.filter {
        it.startsWith("-X")
    }

    /** The flags forks start with: [JVM_ARGS]'s, or this JVM's own where it is not set. */
    fun forkFlags(jvmArgs: String? = System.getProperty(JVM_ARGS), own: List<String> = ownFlags): List<String> =
        jvmArgs?.trim()?.takeIf { it.isNotEmpty() }?.split(Regex("\\s+")) ?: own

    /** The heap of the JVM that measures: this one's without forks, else the forks' `-Xmx` (this one's if they set none). */
    fun maxHeapBytes(
        forks: Int,
        flags: List<String> = forkFlags(),
        own: Long = Runtime.getRuntime().maxMemory(),
    ): Long {
        if (forks == 0) return own
        val xmx = flags.lastOrNull { it.startsWith("-Xmx") } ?: return own
        return parseBytes(xmx.removePrefix("-Xmx"))
            ?: throw IllegalArgumentException("$JVM_ARGS: '$xmx' is not a heap size (allowed: -Xmx<number>[k|m|g|t])")
    }

    /** A JVM memory size (`512m`, `8g`, `1048576`), in bytes; null if it is not one. */
    fun parseBytes(size: String): Long? {
        val match = Regex("(\\d+)([kKmMgGtT]?)").matchEntire(size) ?: return null
        val shift = when (match.groupValues[2].lowercase()) {
            "" -> 0
            "k" -> 10
            "m" -> 20
            "g" -> 30
            else -> 40
        }
        return match.groupValues[1].toLongOrNull()?.takeIf { it <= Long.MAX_VALUE shr shift }?.shl(shift)
    }
}
