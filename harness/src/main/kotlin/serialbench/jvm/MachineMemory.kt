package serialbench.jvm

import java.io.File
import java.lang.management.ManagementFactory

/**
 * The memory this machine lets a JVM started from this one have: [totalBytes], the machine's memory as the JVM sees
 * it (a container's limit where there is one), and [addressSpaceLimitBytes], the address space a process may reserve
 * (`ulimit -v`; null when unlimited), which a child JVM inherits. A JVM reserves its whole heap up front, so a limit
 * below the heap stops it at start-up ("Could not reserve enough space"). [hugePagesOnRequest]: the kernel backs
 * memory that asks for it with transparent huge pages (Linux, `always` or `madvise` mode), which a JVM asks for
 * with `-XX:+UseTransparentHugePages`.
 */
data class MachineMemory(
    val totalBytes: Long,
    val addressSpaceLimitBytes: Long?,
    val hugePagesOnRequest: Boolean = false,
) {
    init {
        require(totalBytes > 0) { "total memory <= 0: $totalBytes" }
        require(addressSpaceLimitBytes == null || addressSpaceLimitBytes > 0) {
            "address space limit <= 0: $addressSpaceLimitBytes"
        }
    }

    companion object {
        /** This machine, as this JVM sees it. */
        fun ofThisMachine(): MachineMemory {
            val os = ManagementFactory.getOperatingSystemMXBean() as com.sun.management.OperatingSystemMXBean
            val limits = File("/proc/self/limits")
            val limit = if (limits.canRead()) addressSpaceLimitBytes(limits.readText()) else null
            val hugePages = File(TRANSPARENT_HUGE_PAGES)
            val onRequest = hugePages.canRead() && selectsHugePagesOnRequest(hugePages.readText())
            return MachineMemory(os.totalMemorySize, limit, onRequest)
        }

        /** Where Linux says whether it gives transparent huge pages: `always [madvise] never`, the mode in brackets. */
        const val TRANSPARENT_HUGE_PAGES = "/sys/kernel/mm/transparent_hugepage/enabled"

        /** Whether a [TRANSPARENT_HUGE_PAGES] text selects a mode in which a process that asks gets huge pages. */
        fun selectsHugePagesOnRequest(enabledText: String): Boolean =
            Regex("\\[(\\w+)]").find(enabledText)?.groupValues?.get(1) in setOf("always", "madvise")

        /** The soft "Max address space" of a `/proc/<pid>/limits` text in bytes; null when unlimited or absent. */
        fun addressSpaceLimitBytes(limitsText: String): Long? {
            val line = limitsText.lineSequence().firstOrNull { it.startsWith("Max address space") } ?: return null
            val soft = line.removePrefix("Max address space").trim().split(Regex("\\s+")).firstOrNull()
            return soft?.toLongOrNull()?.takeIf { it > 0 }
        }
    }
}
