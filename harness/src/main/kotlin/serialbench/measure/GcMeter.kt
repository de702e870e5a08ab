package serialbench.measure

import java.lang.management.ManagementFactory

/** Collections and their accumulated time over all of the JVM's collectors, as `GarbageCollectorMXBean`s count them. */
object GcMeter {
    data class Reading(val count: Long, val timeMillis: Long) {
        operator fun minus(earlier: Reading) = Reading(count - earlier.count, timeMillis - earlier.timeMillis)
    }

    fun read(): Reading {
        val beans = ManagementFactory.getGarbageCollectorMXBeans()
        // -1 means "not available" for a bean; it counts as nothing
        return Reading(
            count = beans.sumOf { it.collectionCount.coerceAtLeast(0) },
            timeMillis = beans.sumOf { it.collectionTime.coerceAtLeast(0) },
        )
    }
}
