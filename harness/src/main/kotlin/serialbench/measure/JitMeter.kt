package serialbench.measure

import java.lang.management.ManagementFactory

/** The JIT compilers' accumulated compilation time, as the JVM's `CompilationMXBean` counts it. */
object JitMeter {
    private val bean = ManagementFactory.getCompilationMXBean()?.takeIf { it.isCompilationTimeMonitoringSupported }

    /** Milliseconds spent compiling since the JVM started, or `null` where this JVM does not count them. */
    fun readMillis(): Long? = bean?.totalCompilationTime
}
