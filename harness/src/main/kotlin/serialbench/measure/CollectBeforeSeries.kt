package serialbench.measure

import java.lang.management.ManagementFactory
import java.lang.management.MemoryType

/**
 * The full GC between a series' warm-up and its timed calls, made only where it keeps a collection out of them. Not
 * when the timed calls allocate more than the young generation holds ([Eden.capacityBytes]): they collect during
 * their calls with it or without it, and at 100,000 objects a full GC of the data kept alive takes up to a second.
 * Not when what the young generation holds already and what the timed calls allocate fit in it together: no
 * collection can fall in them. Where the bytes of the calls or the young generation are unknown (a collector
 * without an eden, a JVM that cannot count allocation), always, as before this rule.
 */
class CollectBeforeSeries(
    private val eden: () -> Eden? = ::edenOfThisJvm,
    private val collect: () -> Unit = System::gc,
) {
    /** The young generation's space for new objects: in use now, and all of it. */
    class Eden(val usedBytes: Long, val capacityBytes: Long)

    /** Collects if that keeps collections out of timed calls that allocate [seriesBytes] in all; whether it did. */
    fun collectIfItHelps(seriesBytes: Long?): Boolean {
        val now = eden()
        val helps = seriesBytes == null || now == null ||
            (seriesBytes <= now.capacityBytes && now.usedBytes + seriesBytes > now.capacityBytes)
        if (helps) collect()
        return helps
    }

    private companion object {
        /** G1's "G1 Eden Space", Parallel's "PS Eden Space", Serial's "Eden Space"; `null` with no such pool. */
        fun edenOfThisJvm(): Eden? = ManagementFactory.getMemoryPoolMXBeans()
            .firstOrNull { it.type == MemoryType.HEAP && it.name.contains("Eden") }
            ?.usage
            ?.takeIf { it.committed > 0 }
            ?.let { Eden(it.used, it.committed) }
    }
}
