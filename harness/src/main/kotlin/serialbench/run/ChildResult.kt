package serialbench.run

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import serialbench.results.ColdStartRow
import serialbench.results.StreamingMemoryRow

/** What a child JVM measured, one case per case of [ChildTask]. */
@Serializable
internal sealed interface ChildResult {
    /** A fork's rows with their raw samples, its cold start and what its codec cannot carry. */
    @Serializable
    @SerialName("fork")
    class ForkMeasured(val output: ForkOutput) : ChildResult

    @Serializable
    @SerialName("coldStart")
    class ColdStartMeasured(val row: ColdStartRow) : ChildResult

    /** One row per decoder, in the order of the task's labels. */
    @Serializable
    @SerialName("boundedMemoryDecode")
    class DecodedInBoundedMemory(val rows: List<StreamingMemoryRow>) : ChildResult
}
