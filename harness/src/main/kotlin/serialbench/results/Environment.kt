package serialbench.results

import kotlinx.serialization.Serializable
import java.io.File
import java.lang.management.ManagementFactory
import java.time.OffsetDateTime
import java.time.ZoneOffset
import java.time.format.DateTimeFormatter

/**
 * Where and how a run happened: everything that shapes the figures, and what was measured: the JVM (vendor, version,
 * flags), the commit and the libraries' versions.
 */
@Serializable
data class Environment(
    val cpuModel: String,
    val availableProcessors: Int,
    val os: String,
    val jvm: String,
    val maxHeapBytes: Long,
    val garbageCollectors: List<String>,
    val jvmFlags: List<String>,
    val parallelJsonThreads: Int,
    val date: String,
    val benchProperties: Map<String, String>,
    /** The `java` executable, JDK and VM versions, as JMH records them; empty in older files. */
    val jvmPath: String = "",
    val jdkVersion: String = "",
    val vmName: String = "",
    val vmVersion: String = "",
    /** The JVM's vendor (`java.vendor`); empty in older files. */
    val jvmVendor: String = "",
    /** The commit checked out where the run happened ([GitCommit]); `null` outside a checkout and in older files. */
    val gitCommit: String? = null,
    /** Every library on the classpath with its version, from its jar ([Libraries]); empty in older files. */
    val libraries: List<LibraryVersion> = emptyList(),
) {
    companion object {
        /** This JVM's `java` executable. */
        fun jvmPathHere(): String = File(System.getProperty("java.home"), "bin/java").path

        /** This JVM's version (`java.version`). */
        fun jdkVersionHere(): String = System.getProperty("java.version")

        /** This JVM and machine, with the parallel codecs' [threads] and the `bench.*` [properties] in force. */
        fun capture(threads: Int, properties: Map<String, String>): Environment {
            val runtime = ManagementFactory.getRuntimeMXBean()
            return Environment(
                cpuModel = cpuModel(),
                availableProcessors = Runtime.getRuntime().availableProcessors(),
                os = "${System.getProperty("os.name")} ${System.getProperty("os.version")} " +
                    "(${System.getProperty("os.arch")})",
                jvm = "${System.getProperty("java.vm.vendor")} ${System.getProperty("java.vm.name")} " +
                    "${System.getProperty("java.runtime.version")}",
                maxHeapBytes = Runtime.getRuntime().maxMemory(),
                garbageCollectors = ManagementFactory.getGarbageCollectorMXBeans().map { it.name },
                jvmFlags = runtime.inputArguments.filter { it.startsWith("-X") },
                parallelJsonThreads = threads,
                date = OffsetDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                benchProperties = properties,
                jvmPath = jvmPathHere(),
                jdkVersion = jdkVersionHere(),
                vmName = System.getProperty("java.vm.name"),
                vmVersion = System.getProperty("java.vm.version"),
                jvmVendor = System.getProperty("java.vendor").orEmpty(),
                gitCommit = GitCommit.of(File(".")),
                libraries = Libraries.onClasspath(),
            )
        }

        private fun cpuModel(): String {
            val cpuinfo = File("/proc/cpuinfo")
            val fromLinux = if (cpuinfo.canRead()) {
                cpuinfo.useLines { lines ->
                    lines.firstOrNull { it.startsWith("model name") }?.substringAfter(':')?.trim()
                }
            } else {
                null
            }
            return fromLinux ?: System.getenv("PROCESSOR_IDENTIFIER") ?: System.getProperty("os.arch")
        }
    }
}
