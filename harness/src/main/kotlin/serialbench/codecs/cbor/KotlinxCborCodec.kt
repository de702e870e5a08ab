package serialbench.codecs.cbor

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.cbor.Cbor
import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.asBytes
import serialbench.data.Shape

/** kotlinx.serialization [Cbor] with its default configuration, on the calling thread; every shape. */
@OptIn(ExperimentalSerializationApi::class)
class KotlinxCborCodec : Codec {
    private val cbor: Cbor = Cbor
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(Lists(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "kotlinx Cbor"
    override val format: Codec.Format get() = Codec.Format.CBOR

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    private inner class Lists<T : Any>(shape: Shape<T>) : ListCodec<T> {
        private val serializer = ListSerializer(shape.serializer)

        override fun encode(objects: List<T>): Payload = Payload.Binary(cbor.encodeToByteArray(serializer, objects))

        override fun decode(payload: Payload): List<T> = cbor.decodeFromByteArray(serializer, payload.asBytes(ID))
    }

    companion object {
        const val ID = "kotlinx-cbor"
    }
}
