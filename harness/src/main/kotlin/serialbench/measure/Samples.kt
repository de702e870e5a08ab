package serialbench.measure

/**
 * What [Sampler] saw over the timed repetitions of one operation: each repetition's duration in call order,
 * the bytes every thread allocated meanwhile (`null` where the JVM cannot count), the collections that ran and the
 * milliseconds the JIT compiled meanwhile ([jitMillis], `null` where the JVM cannot count them);
 * for a marked operation ([Sampler.sampleMarked]) also each repetition's time to its [Mark], in the same order.
 */
class Samples(
    val durationsNanos: LongArray,
    val allocatedBytes: Long?,
    val gc: GcMeter.Reading,
    val markNanos: LongArray? = null,
    val jitMillis: Long? = null,
) {
    init {
        require(markNanos == null || markNanos.size == durationsNanos.size) {
            "${markNanos?.size} marks for ${durationsNanos.size} durations"
        }
    }

    val allocatedBytesPerOp: Long? get() = allocatedBytes?.let { it / durationsNanos.size }
}

/** Hears of each finished timed repetition (1-based) out of [total]; primitive parameters, so nothing is boxed. */
fun interface RepetitionListener {
    fun repetition(done: Int, total: Int)

    companion object {
        val NONE = RepetitionListener { _, _ -> }
    }
}
