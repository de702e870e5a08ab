package serialbench.results

import kotlinx.serialization.Serializable

/**
 * The first calls of a codec in a fresh JVM, before any warm-up: creating it, then its first serialization
 * and first deserialization of [size] objects. Class loading, code generation (Fory) and interpretation are
 * all in these figures; that is what a service pays on its first request.
 */
@Serializable
data class ColdStartRow(
    val codec: String,
    val codecName: String,
    /** The shape of the first calls; `flat` in older files. */
    val shape: String = ResultRow.FLAT,
    val size: Int,
    val createNanos: Long,
    val firstSerializeNanos: Long,
    val firstDeserializeNanos: Long,
)
