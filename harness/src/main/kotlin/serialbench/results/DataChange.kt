package serialbench.results

import kotlinx.serialization.Serializable

/**
 * How a codec changed the data of the user's file (`bench.input`): the first difference between the file and the
 * codec's tree of it encoded back, both read as JSON trees, and how many differences there are in all.
 */
@Serializable
data class DataChange(
    /** Where the first difference is, as a JSON path: `$.orders[3].price`. */
    val path: String,
    /** What happened there: `0.1 became 0.10000000000000001`, `null became absent`. */
    val description: String,
    /** Values that differ, the first included. */
    val differences: Int,
)
