package serialbench.measure

/**
 * What [Sampler] saw over the timed repetitions of one operation: each repetition's duration in call order,
 * the bytes every thread allocated meanwhile (`null` where the JVM cannot count) and the collections that ran.
 */
class Samples(
    val durationsNanos: LongArray,
    val allocatedBytes: Long?,
    val gc: GcMeter.Reading,
) {
    val allocatedBytesPerOp: Long? get() = allocatedBytes?.let { it / durationsNanos.size }
}

/** Hears of each finished timed repetition (1-based) out of [total]; primitive parameters, so nothing is boxed. */
fun interface RepetitionListener {
    fun repetition(done: Int, total: Int)

    companion object {
        val NONE = RepetitionListener { _, _ -> }
    }
}
