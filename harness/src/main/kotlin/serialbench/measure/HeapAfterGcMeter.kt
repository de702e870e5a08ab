package serialbench.measure

import com.sun.management.GarbageCollectionNotificationInfo
import java.lang.management.ManagementFactory
import java.lang.management.MemoryType
import java.util.concurrent.atomic.AtomicLong
import javax.management.NotificationEmitter
import javax.management.NotificationListener
import javax.management.openmbean.CompositeData

/**
 * The most heap left in use by any collection while it listens: the sum over the heap's pools of what each
 * collection's `GcInfo` reports after it, from the JVM's GC notifications. That is the live data at that moment
 * plus whatever the collection did not reclaim (an old generation not yet collected), so it bounds the live heap
 * from above. Notifications arrive on a JVM thread, after the collection: [awaitCollections] waits for them.
 * Close it to stop listening.
 */
class HeapAfterGcMeter : AutoCloseable {
    private val heapPools: Set<String> =
        ManagementFactory.getMemoryPoolMXBeans().filter { it.type == MemoryType.HEAP }.map { it.name }.toSet()
    private val peakBytes = AtomicLong(0)
    private val collections = AtomicLong(0)
    private val emitters = ManagementFactory.getGarbageCollectorMXBeans().filterIsInstance<NotificationEmitter>()

    private val listener = NotificationListener { notification, _ ->
        if (notification.type == GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION) {
            val info = GarbageCollectionNotificationInfo.from(notification.userData as CompositeData)
            val usedBytes = info.gcInfo.memoryUsageAfterGc.filterKeys { it in heapPools }.values.sumOf { it.used }
            peakBytes.accumulateAndGet(usedBytes, ::maxOf)
            collections.incrementAndGet()
        }
    }

    init {
        emitters.forEach { it.addNotificationListener(listener, null, null) }
    }

    /** Collections heard of since the last [reset]. */
    val collectionCount: Long get() = collections.get()

    /** The most heap in use after a collection since the last [reset]; 0 if none ran. */
    val peakAfterGcBytes: Long get() = peakBytes.get()

    fun reset() {
        peakBytes.set(0)
        collections.set(0)
    }

    /**
     * Waits up to [timeoutMillis] until [count] collections since the last [reset] were heard of; whether they were.
     */
    fun awaitCollections(count: Long, timeoutMillis: Long = 5_000): Boolean {
        val endNanos = System.nanoTime() + timeoutMillis * 1_000_000
        while (collections.get() < count) {
            if (System.nanoTime() - endNanos > 0) return false
            Thread.sleep(10)
        }
        return true
    }

    override fun close() {
        emitters.forEach { runCatching { it.removeNotificationListener(listener) } }
    }
}
