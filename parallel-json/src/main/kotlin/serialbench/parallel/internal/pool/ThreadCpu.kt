package serialbench.parallel.internal.pool

import java.lang.management.ManagementFactory
import java.lang.management.ThreadMXBean

/**
 * The CPU time of the calling thread, as the JVM counts it ([ThreadMXBean.getCurrentThreadCpuTime]: about half a
 * microsecond a reading on Linux). It tells whether the threads of a split call ran at once or took turns on fewer
 * cores than they are. A runtime without the `java.management` module, or a JVM that does not count CPU time
 * per thread, gives [UNMEASURED].
 */
internal object ThreadCpu {
    /** What [nanos] gives where the CPU time is not measured. */
    const val UNMEASURED = -1L

    private val bean: ThreadMXBean? = try {
        ManagementFactory.getThreadMXBean().takeIf { it.isCurrentThreadCpuTimeSupported }
    } catch (e: LinkageError) {
        null // a runtime image built without java.management
    }

    /** Nanoseconds of CPU the calling thread has used, or [UNMEASURED] (the service may also switch counting off). */
    fun nanos(): Long = bean?.currentThreadCpuTime ?: UNMEASURED
}
