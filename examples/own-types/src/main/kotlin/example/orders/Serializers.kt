package example.orders

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import java.math.BigDecimal
import java.time.Instant

/** An amount of money: a [BigDecimal] that kotlinx-serialization writes as a string ([BigDecimalAsString]). */
typealias Money = @Serializable(with = BigDecimalAsString::class) BigDecimal

/**
 * A [BigDecimal] as a JSON string of its plain digits (`"12.50"`, never `"1.25E+1"`), read back with the same
 * scale, so that no amount goes through a `Double`.
 */
object BigDecimalAsString : KSerializer<BigDecimal> {
    override val descriptor: SerialDescriptor =
        PrimitiveSerialDescriptor("example.orders.BigDecimal", PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: BigDecimal) = encoder.encodeString(value.toPlainString())

    override fun deserialize(decoder: Decoder): BigDecimal = BigDecimal(decoder.decodeString())
}

/** An [Instant] as an ISO-8601 string in UTC (`"2026-03-14T09:26:53.589Z"`), as [Instant.toString] writes it. */
object InstantAsIso : KSerializer<Instant> {
    override val descriptor: SerialDescriptor =
        PrimitiveSerialDescriptor("example.orders.Instant", PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: Instant) = encoder.encodeString(value.toString())

    override fun deserialize(decoder: Decoder): Instant = Instant.parse(decoder.decodeString())
}
