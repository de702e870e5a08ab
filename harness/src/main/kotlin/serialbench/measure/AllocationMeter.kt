package serialbench.measure

import java.lang.management.ManagementFactory

/**
 * Bytes allocated on the heap by every live thread, from `com.sun.management.ThreadMXBean`: the calling thread
 * and the pool threads a codec hands work to alike. A thread that ends between two readings takes its bytes
 * with it (the pools measured here live as long as their codec). `null` readings where the JVM cannot count.
 */
class AllocationMeter {
    private val threads = ManagementFactory.getThreadMXBean() as? com.sun.management.ThreadMXBean

    val supported: Boolean = threads.let { mx ->
        mx != null && mx.isThreadAllocatedMemorySupported && runCatching {
            if (!mx.isThreadAllocatedMemoryEnabled) mx.isThreadAllocatedMemoryEnabled = true
            mx.isThreadAllocatedMemoryEnabled
        }.getOrDefault(false)
    }

    /** Allocated bytes so far per thread id; empty when not [supported]. */
    fun snapshot(): Map<Long, Long> {
        if (!supported || threads == null) return emptyMap()
        val ids = threads.allThreadIds
        val bytes = threads.getThreadAllocatedBytes(ids)
        return buildMap { ids.indices.filter { bytes[it] >= 0 }.forEach { put(ids[it], bytes[it]) } }
    }

    /** Bytes allocated from [before] to [after] by the threads alive at [after]; `null` when not [supported]. */
    fun allocatedBetween(before: Map<Long, Long>, after: Map<Long, Long>): Long? {
        if (!supported) return null
        return after.entries.sumOf { (id, bytes) -> bytes - (before[id] ?: 0L) }
    }
}
