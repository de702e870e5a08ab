package serialbench.results

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** What is timed: the whole list to one payload, or one payload back to the list. */
@Serializable
enum class Operation(val displayName: String, val verb: String) {
    @SerialName("serialize")
    SERIALIZE("serialization", "serialize"),

    @SerialName("deserialize")
    DESERIALIZE("deserialization", "deserialize"),
}
