package serialbench.shapes.upload

import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ByteArraySerializer
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonEncoder
import java.util.Base64

/**
 * A [ByteArray] as JSON codecs other than kotlinx's write it, a standard base64 string (RFC 4648, `+/`,
 * padded), in kotlinx `Json`; in every other format (Cbor, ProtoBuf) the raw bytes, as [ByteArraySerializer]
 * writes them. kotlinx `Json` alone would write an array of numbers, which no other JSON library reads as bytes.
 *
 * Decoding JSON that is not standard base64 throws [SerializationException] saying so, with the decoder's cause.
 */
object Base64ByteArraySerializer : KSerializer<ByteArray> {
    private val raw = ByteArraySerializer()

    override val descriptor: SerialDescriptor =
        PrimitiveSerialDescriptor("serialbench.model.Base64ByteArray", PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: ByteArray) {
        if (encoder is JsonEncoder) {
            encoder.encodeString(Base64.getEncoder().encodeToString(value))
        } else {
            encoder.encodeSerializableValue(raw, value)
        }
    }

    override fun deserialize(decoder: Decoder): ByteArray {
        if (decoder !is JsonDecoder) return decoder.decodeSerializableValue(raw)
        val text = decoder.decodeString()
        return try {
            Base64.getDecoder().decode(text)
        } catch (e: IllegalArgumentException) {
            throw SerializationException(
                "a byte array must be a standard base64 string; got ${text.length} characters: ${e.message}",
                e,
            )
        }
    }
}
