package serialbench.measure

import serialbench.codec.SplitCount
import serialbench.codec.SplitCounting

/**
 * What the meters read at one moment between timed calls: the bytes each thread allocated ([AllocationMeter]), the
 * collections ([GcMeter]), the JIT's compilation time ([JitMeter]) and, for a codec that splits, its split choices
 * ([SplitCounting]) so far. Two readings give what happened between them.
 */
class Meters private constructor(
    private val allocation: AllocationMeter,
    private val allocatedBytes: Map<Long, Long>,
    val gc: GcMeter.Reading,
    private val jitMillis: Long?,
    private val splits: SplitCount?,
) {
    /** Bytes allocated from this reading to [later]; `null` where the JVM cannot count them. */
    fun allocatedUntil(later: Meters): Long? = allocation.allocatedBetween(allocatedBytes, later.allocatedBytes)

    /** Milliseconds compiled from this reading to [later]; `null` where the JVM cannot count them. */
    fun jitMillisUntil(later: Meters): Long? = later.jitMillis?.let { after -> jitMillis?.let { after - it } }

    /** The split choices from this reading to [later]; `null` for a codec that does not split. */
    fun splitsUntil(later: Meters): SplitCount? = later.splits?.let { after -> splits?.let { after - it } }

    companion object {
        /**
         * The meters now; [splits] reads the split choices of the operation timed, if its codec splits; [jitMillis]
         * the JIT's total compilation time (a test's own).
         */
        fun read(
            allocation: AllocationMeter,
            splits: (() -> SplitCount)? = null,
            jitMillis: () -> Long? = JitMeter::readMillis,
        ) = Meters(allocation, allocation.snapshot(), GcMeter.read(), jitMillis(), splits?.invoke())
    }
}
