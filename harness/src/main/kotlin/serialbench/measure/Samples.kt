package serialbench.measure

import serialbench.codec.SplitCount
import serialbench.codec.SplitCounting

/**
 * What [Sampler] saw over the timed repetitions of one operation: each repetition's duration in call order,
 * the bytes every thread allocated meanwhile (`null` where the JVM cannot count), the collections that ran and the
 * milliseconds the JIT compiled meanwhile ([jitMillis], `null` where the JVM cannot count them);
 * for a marked operation ([Sampler.seriesMarked]) also each repetition's time to its [Mark], in the same order;
 * and the meters read before its second half ([cut]), from which [Sampler.slide] goes on.
 */
class Samples(
    val durationsNanos: LongArray,
    val allocatedBytes: Long?,
    val gc: GcMeter.Reading,
    val markNanos: LongArray? = null,
    val jitMillis: Long? = null,
    /** The meters before the first call of the second half; `null` for a series of one call or pooled forks. */
    val cut: Meters? = null,
    /** The split choices of the timed calls, for a codec that splits ([SplitCounting]); else `null`. */
    val splits: SplitCount? = null,
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
