package serialbench.run

import serialbench.jvm.MachineMemory
import java.lang.management.ManagementFactory

/**
 * The flags of the JVM that measures, and its heap. With forks, that is each fork, started with `bench.jvmArgs`
 * where given, else with the flags [ForkJvmSettings] chooses for the machine and the run (the same through Maven
 * and the program), while the parent that starts them runs small (`bench.parentJvmArgs` under Maven): it only
 * starts forks, pools their results and writes the report. Without forks it is this JVM, with its own `-X` flags.
 */
internal object BenchmarkJvm {
    const val JVM_ARGS = "bench.jvmArgs"

    /** The flags of a perf run's own JVM when it forks: a pom property, read by the build only. */
    const val PARENT_JVM_ARGS = "bench.parentJvmArgs"

    /** This JVM's own `-X` flags. */
    val ownFlags: List<String> get() = ManagementFactory.getRuntimeMXBean().inputArguments.filter {
        it.startsWith("-X")
    }

    /** Flags for the JVMs that measure, and where they come from, for the report. */
    class Chosen(val flags: List<String>, val origin: String)

    /**
     * The flags forks start with: [jvmArgs]'s where given (the user's word wins), else the harness's choice for
     * the run's largest [need] on [machine] ([ForkJvmSettings]); [IllegalArgumentException] with one line naming
     * what to change when the run cannot fit.
     */
    fun forkFlags(
        jvmArgs: String?,
        need: () -> HeapNeed,
        machine: () -> MachineMemory = MachineMemory::ofThisMachine,
    ): Chosen {
        val given = jvmArgs?.trim()?.takeIf { it.isNotEmpty() }
        if (given != null) return Chosen(given.split(Regex("\\s+")), "given by $JVM_ARGS")
        return when (val decision = ForkJvmSettings.decide(machine(), need())) {
            is ForkJvmSettings.Decision.Flags -> Chosen(decision.flags, decision.why)
            is ForkJvmSettings.Decision.Refused -> throw IllegalArgumentException(decision.message)
        }
    }

    /**
     * The heap of the JVM that measures: this one's without forks, else the forks' `-Xmx` (this one's if they set
     * none).
     */
    fun maxHeapBytes(forks: Int, flags: List<String>, own: Long = Runtime.getRuntime().maxMemory()): Long {
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
