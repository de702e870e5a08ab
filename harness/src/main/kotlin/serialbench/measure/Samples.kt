package serialbench.measure

import serialbench.codec.SplitCount
import serialbench.codec.SplitCounting

/**
 * What [Sampler] saw over the timed repetitions of one operation: each repetition's duration in call order (per
 * call, where a repetition timed several: [calls]),
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
    /** The calls timed: one per repetition, or several where each repetition timed several ([Sampler]). */
    val calls: Long = durationsNanos.size.toLong(),
    /**
     * The milliseconds the JIT compiled from the first timed call to [cut]: during the first half of the calls kept;
     * `null` where the JVM does not count them or there is no [cut].
     */
    val firstHalfJitMillis: Long? = null,
) {
    init {
        require(markNanos == null || markNanos.size == durationsNanos.size) {
            "${markNanos?.size} marks for ${durationsNanos.size} durations"
        }
        require(calls >= durationsNanos.size) { "$calls calls for ${durationsNanos.size} repetitions" }
    }

    /** The calls each repetition made (for samples of one JVM; pooled ones may mix). */
    val callsPerRepetition: Int get() = (calls / durationsNanos.size).toInt()

    val allocatedBytesPerOp: Long? get() = allocatedBytes?.let { it / calls }
}

/** Hears of each finished timed repetition (1-based) out of [total]; primitive parameters, so nothing is boxed. */
fun interface RepetitionListener {
    fun repetition(done: Int, total: Int)

    companion object {
        val NONE = RepetitionListener { _, _ -> }
    }
}
