package serialbench.parallel.internal.pool

import java.lang.management.CompilationMXBean
import java.lang.management.ManagementFactory
import java.lang.management.ThreadMXBean

/**
 * What tells whether the threads of a split call ran at once or took turns on fewer cores than they are: the CPU
 * time of the calling thread ([ThreadMXBean.getCurrentThreadCpuTime], about half a microsecond a reading on Linux) and
 * of another thread ([ThreadMXBean.getThreadCpuTime], about a microsecond), and the JIT's compilation time
 * ([CompilationMXBean.getTotalCompilationTime], 15 ns), which says that the JVM's own compiler threads held cores
 * meanwhile. A runtime without the `java.management` module, or a JVM that counts neither, gives [UNMEASURED].
 */
internal object CpuClocks : CpuClock {
    /** What a clock gives where it is not measured. */
    const val UNMEASURED = -1L

    private val threads: ThreadMXBean? = bean { ManagementFactory.getThreadMXBean() }
        ?.takeIf { it.isCurrentThreadCpuTimeSupported }

    private val compilation: CompilationMXBean? = bean { ManagementFactory.getCompilationMXBean() }
        ?.takeIf { it.isCompilationTimeMonitoringSupported }

    private val otherThreads: ThreadMXBean? = threads?.takeIf { it.isThreadCpuTimeSupported }

    override fun threadCpuNanos(): Long = threads?.currentThreadCpuTime ?: UNMEASURED

    @Suppress("DEPRECATION") // Thread.threadId() is JDK 19's
    override fun threadCpuNanos(thread: Thread): Long = otherThreads?.getThreadCpuTime(thread.id) ?: UNMEASURED

    override fun jitMillis(): Long = compilation?.totalCompilationTime ?: UNMEASURED

    private inline fun <T> bean(get: () -> T?): T? = try {
        get()
    } catch (e: LinkageError) {
        null // a runtime image built without java.management
    }
}

/** The clocks of [CpuClocks]; tests drive their own. */
internal interface CpuClock {
    /** Nanoseconds of CPU the calling thread has used, or [CpuClocks.UNMEASURED] (a service may switch it off). */
    fun threadCpuNanos(): Long

    /** Nanoseconds of CPU [thread] has used, or [CpuClocks.UNMEASURED] (not counted, or the thread has ended). */
    fun threadCpuNanos(thread: Thread): Long

    /** Milliseconds the JIT has spent compiling in this JVM, or [CpuClocks.UNMEASURED]. */
    fun jitMillis(): Long
}
