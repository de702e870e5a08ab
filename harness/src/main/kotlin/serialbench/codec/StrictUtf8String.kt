package serialbench.codec

import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ByteArraySerializer
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import serialbench.text.MalformedUtf8Exception
import serialbench.text.StrictUtf8

/**
 * A `String` for kotlinx ProtoBuf messages that refuses invalid UTF-8, where kotlinx ProtoBuf would decode it to
 * U+FFFD without a word. On the wire it is a protobuf `string` (length-delimited UTF-8): written as kotlinx writes
 * strings, read as the bytes of that field and decoded strictly (all-ASCII text, the common case, on a fast path).
 * Only for formats where a string and a byte array share their wire form, as in Protocol Buffers.
 */
internal object StrictUtf8String : KSerializer<String> {
    override val descriptor: SerialDescriptor =
        PrimitiveSerialDescriptor("serialbench.StrictUtf8String", PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: String) = encoder.encodeString(value)

    override fun deserialize(decoder: Decoder): String = decode(decoder.decodeSerializableValue(ByteArraySerializer()))

    /** [bytes] as UTF-8; [SerializationException] naming the offset of the first invalid byte. */
    fun decode(bytes: ByteArray): String = try {
        StrictUtf8.decode(bytes)
    } catch (e: MalformedUtf8Exception) {
        throw SerializationException("invalid UTF-8 in a string: ${e.message}", e)
    }
}
