package serialbench.codecs.cbor

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.cbor.Cbor
import serialbench.codec.Codec
import serialbench.codec.DocumentCodec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.asBytes
import serialbench.codec.kotlinxSupport
import serialbench.codec.listsOrDocument
import serialbench.data.Shape

/** kotlinx.serialization [Cbor] with its default configuration, on the calling thread; every shape. */
@OptIn(ExperimentalSerializationApi::class)
class KotlinxCborCodec : Codec {
    private val cbor: Cbor = Cbor
    private val supports = ShapeSupportCache { shape -> carry(shape) }

    override val id: String get() = ID
    override val displayName: String get() = "kotlinx Cbor"
    override val binding: String
        get() = "`Cbor` (its defaults) with the class's generated `serializer()`"
    override val format: Codec.Format get() = Codec.Format.CBOR

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ShapeSupport<T> =
        kotlinxSupport(shape) { listsOrDocument(shape, { Lists(it) }, { Document(it) }) }

    private inner class Lists<T : Any>(element: KSerializer<T>) : ListCodec<T> {
        private val serializer = ListSerializer(element)

        override fun encode(objects: List<T>): Payload = Payload.Binary(cbor.encodeToByteArray(serializer, objects))

        override fun decode(payload: Payload): List<T> = cbor.decodeFromByteArray(serializer, payload.asBytes(ID))
    }

    private inner class Document<T : Any>(private val serializer: KSerializer<T>) : DocumentCodec<T> {
        override fun encodeDocument(document: T): Payload = Payload.Binary(cbor.encodeToByteArray(serializer, document))

        override fun decodeDocument(payload: Payload): T = cbor.decodeFromByteArray(serializer, payload.asBytes(ID))
    }

    companion object {
        const val ID = "kotlinx-cbor"
    }
}
