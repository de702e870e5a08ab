package serialbench.results

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** How a payload travels between the codec and the caller. Serial names are a contract of the results file. */
@Serializable
enum class IoPath(val id: String) {
    /** A `String` (JSON codecs only). */
    @SerialName("string")
    STRING("string"),

    /** A `ByteArray`. */
    @SerialName("bytes")
    BYTES("bytes"),

    /** An `OutputStream` / `InputStream` over memory. */
    @SerialName("stream")
    STREAM("stream"),

    /** A buffered file, written then read back (reads served by the page cache). */
    @SerialName("file")
    FILE("file"),
    ;

    companion object {
        val ids: List<String> get() = entries.map { it.id }

        /** The path with [id]; an unknown id fails with the valid ones. */
        fun byId(id: String): IoPath = entries.firstOrNull { it.id == id }
            ?: throw IllegalArgumentException("unknown I/O path '$id'; valid paths: ${ids.joinToString(", ")}")
    }
}
