package serialbench.measure

/**
 * What the meters read at one moment between timed calls: the bytes each thread allocated ([AllocationMeter]), the
 * collections ([GcMeter]) and the JIT's compilation time ([JitMeter]) so far. Two readings give what happened
 * between them.
 */
class Meters private constructor(
    private val allocation: AllocationMeter,
    private val allocatedBytes: Map<Long, Long>,
    val gc: GcMeter.Reading,
    private val jitMillis: Long?,
) {
    /** Bytes allocated from this reading to [later]; `null` where the JVM cannot count them. */
    fun allocatedUntil(later: Meters): Long? = allocation.allocatedBetween(allocatedBytes, later.allocatedBytes)

    /** Milliseconds compiled from this reading to [later]; `null` where the JVM cannot count them. */
    fun jitMillisUntil(later: Meters): Long? = later.jitMillis?.let { after -> jitMillis?.let { after - it } }

    companion object {
        fun read(allocation: AllocationMeter) =
            Meters(allocation, allocation.snapshot(), GcMeter.read(), JitMeter.readMillis())
    }
}
