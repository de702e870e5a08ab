package serialbench.results

import kotlinx.serialization.Serializable

/**
 * One decoder from a stream reading [size] elements ([inputBytes] of JSON) in a JVM of its own whose heap,
 * [maxHeapBytes], is smaller than the input, each element dropped once handed over. [peakHeapAfterGcBytes] is the
 * most heap any collection during the decode left in use (live data, plus whatever was not yet collected);
 * [heapBeforeBytes] what was in use, after a full GC, before it began. When the decode was not run,
 * [notMeasured] says why and the figures are `null`.
 */
@Serializable
data class StreamingMemoryRow(
    val codec: String,
    val decoder: String,
    val shape: String,
    val size: Int,
    val inputBytes: Long,
    val maxHeapBytes: Long,
    /** Where the input came from: a file (its name) or generated on the fly. */
    val source: String,
    val jvmFlags: List<String>,
    val elements: Int? = null,
    val elapsedNanos: Long? = null,
    val heapBeforeBytes: Long? = null,
    val peakHeapAfterGcBytes: Long? = null,
    val gcCount: Long? = null,
    val notMeasured: String? = null,
)
