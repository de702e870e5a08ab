package serialbench.results

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** The user's JSON file (`bench.input`) as the run measured it: where it is, how big, and its outline. */
@Serializable
data class FileOutline(
    /** The path as given to `bench.input`. */
    val path: String,
    val name: String,
    val sizeBytes: Long,
    val topLevel: JsonTopLevel,
    /** Elements of the top-level array, or members of the top-level object. */
    val elements: Int,
    /** Levels of nested arrays and objects, the top level included: `[1, 2]` is 1, `[{"a": [1]}]` is 3. */
    val depth: Int,
    /** Keys that occur more than once in one object; every tree keeps one value of each. */
    val duplicateKeys: Int = 0,
    /** The JSON path of the first duplicate key, if any. */
    val firstDuplicateKey: String? = null,
    /** The file starts with a UTF-8 byte order mark, which the benchmark skips (it is not part of JSON). */
    val byteOrderMark: Boolean = false,
)

/** What a JSON document is at its top level; the benchmark measures arrays and objects. */
@Serializable
enum class JsonTopLevel(val displayName: String) {
    @SerialName("array")
    ARRAY("array"),

    @SerialName("object")
    OBJECT("object"),
}
