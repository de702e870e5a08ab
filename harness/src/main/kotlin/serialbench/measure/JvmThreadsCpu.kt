package serialbench.measure

import java.lang.management.ManagementFactory
import java.lang.management.ThreadMXBean
import com.sun.management.OperatingSystemMXBean as ProcessCpuBean

/**
 * The CPU time of the JVM's own threads, which it does not list: the JIT compilers, the garbage collector's, the VM
 * thread. It is the process's CPU time less that of the threads `ThreadMXBean` lists, each counted up to the last
 * read that saw it (a thread that ended keeps its time, so its end is not taken for work of the JVM's own). A
 * compilation shows here while it runs; `CompilationMXBean` ([JitMeter]) counts it only once it has finished, which
 * for one method on a busy machine took 300 ms, in which its callers ran interpreted. The process's time moves in
 * steps of the OS clock tick (10 ms on Linux): a share of a core is worth reading over 100 ms, not over one call.
 */
object JvmThreadsCpu {
    private val process = ManagementFactory.getOperatingSystemMXBean() as? ProcessCpuBean
    private val threads: ThreadMXBean? =
        ManagementFactory.getThreadMXBean().takeIf { it.isThreadCpuTimeSupported && it.isThreadCpuTimeEnabled }

    /** Each listed thread's CPU time at the last read, by thread id. */
    private val lastSeen = HashMap<Long, Long>()

    /** The CPU time of the listed threads that have ended since the first read, as last seen. */
    private var endedNanos = 0L

    /** Nanoseconds of CPU the JVM's own threads have used, or `null` where this JVM does not tell. */
    @Synchronized
    fun readNanos(): Long? {
        val bean = threads ?: return null
        val processNanos = process?.processCpuTime?.takeIf { it >= 0 } ?: return null
        val live = HashMap<Long, Long>()
        for (id in bean.allThreadIds) {
            val nanos = bean.getThreadCpuTime(id)
            if (nanos >= 0) live[id] = nanos
        }
        for ((id, nanos) in lastSeen) if (id !in live) endedNanos += nanos
        lastSeen.clear()
        lastSeen.putAll(live)
        return processNanos - endedNanos - live.values.sum()
    }
}
