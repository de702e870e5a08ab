package serialbench.run

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import serialbench.measure.GcPhase

/**
 * What a child JVM started by the benchmark does ([ChildMain]): each case carries all the configuration it needs,
 * and is answered by its own case of [ChildResult]. JVM flags are not here: they are the child's command line.
 */
@Serializable
internal sealed interface ChildTask {
    /**
     * A fork ([Forks]): measures the one codec of [options] (`bench.*` values as [BenchConfig.asProperties] gives
     * them, `bench.forks=0`) in this JVM, its first calls at [coldStart] first if given, and its payloads' gzip
     * size if [measuresGzip] (the codec's first fork), unless [gzipSizes] (those earlier forks or an earlier run
     * found, by [serialbench.measure.GzipSizes.key]) holds the same payload's.
     */
    @Serializable
    @SerialName("fork")
    class MeasureFork(
        val options: Map<String, String>,
        val coldStart: ColdStartCell? = null,
        val measuresGzip: Boolean = true,
        val gzipSizes: Map<String, Int> = emptyMap(),
        /** The young generation as the fork before measured it, with the same flags; `null` in the first. */
        val young: GcPhase.Measured? = null,
    ) : ChildTask

    /** The first calls of [codec] at [cell] in a fresh JVM ([ColdStart.inFreshJvm]). */
    @Serializable
    @SerialName("coldStart")
    class MeasureColdStart(
        val codec: String,
        val cell: ColdStartCell,
        val seed: Long,
        val threads: Int,
        /** The shapes' settings as options ([serialbench.data.ShapeSettings.asProperties]). */
        val shapeSettings: Map<String, String>,
    ) : ChildTask

    /**
     * Decodes from a stream in bounded memory ([StreamingMemory.inFreshJvm]), one decoder after the other:
     * [labels] (`codec/id`) on [size] elements of [shape], read from [file] or, when it is `null`, generated.
     */
    @Serializable
    @SerialName("boundedMemoryDecode")
    class DecodeInBoundedMemory(
        val labels: List<String>,
        val shape: String,
        val size: Int,
        val seed: Long,
        val threads: Int,
        val file: String?,
        /** The shapes' settings as options ([serialbench.data.ShapeSettings.asProperties]). */
        val shapeSettings: Map<String, String>,
    ) : ChildTask
}

/** A cold start's shape and number of elements. */
@Serializable
internal data class ColdStartCell(val shape: String, val size: Int)
