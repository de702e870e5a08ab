package serialbench.codec

/**
 * What a [Codec] encodes to: text for the JSON codecs (a `String`, as JSON libraries hand it to a caller),
 * bytes for the binary ones.
 */
sealed interface Payload {
    /** The payload as it would go over the wire: UTF-8 for [Text]. */
    fun toByteArray(): ByteArray

    /** Size on the wire in bytes. */
    val sizeBytes: Int

    /** The payload as text: UTF-8 decoded for [Binary] (for JSON codecs that work on bytes). */
    fun toText(): String

    class Text(val text: String) : Payload {
        override fun toByteArray(): ByteArray = text.encodeToByteArray()
        override val sizeBytes: Int get() = toByteArray().size
        override fun toText(): String = text
        override fun equals(other: Any?): Boolean = other is Text && other.text == text
        override fun hashCode(): Int = text.hashCode()
        override fun toString(): String = "Text(${text.length} chars)"
    }

    class Binary(val bytes: ByteArray) : Payload {
        override fun toByteArray(): ByteArray = bytes
        override val sizeBytes: Int get() = bytes.size
        override fun toText(): String = bytes.decodeToString()
        override fun equals(other: Any?): Boolean = other is Binary && other.bytes.contentEquals(bytes)
        override fun hashCode(): Int = bytes.contentHashCode()
        override fun toString(): String = "Binary(${bytes.size} bytes)"
    }
}
