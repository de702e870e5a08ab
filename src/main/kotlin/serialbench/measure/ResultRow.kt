package serialbench.measure

import kotlinx.serialization.Serializable

/** The timing of one operation of one codec at one size: a row of `benchmark-results.json`. */
@Serializable
data class ResultRow(
    val codec: String,
    val codecName: String,
    val format: String = "",
    val operation: Operation,
    val size: Int,
    val repetitions: Int,
    val meanNanos: Double,
    val medianNanos: Double,
    val minNanos: Long,
    val maxNanos: Long,
    val stdDevNanos: Double,
    val payloadBytes: Int,
    val gzipBytes: Int = 0,
)
