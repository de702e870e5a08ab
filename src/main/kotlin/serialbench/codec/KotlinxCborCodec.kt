package serialbench.codec

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.cbor.Cbor
import serialbench.model.TestObject

/** kotlinx.serialization [Cbor] with its default configuration, on the calling thread. */
@OptIn(ExperimentalSerializationApi::class)
class KotlinxCborCodec : Codec {
    private val cbor: Cbor = Cbor
    override val id: String get() = ID
    override val displayName: String get() = "kotlinx Cbor"
    override val format: Codec.Format get() = Codec.Format.CBOR

    override fun encode(objects: List<TestObject>): Payload = Payload.Binary(cbor.encodeToByteArray(serializer, objects))

    override fun decode(payload: Payload): List<TestObject> = cbor.decodeFromByteArray(serializer, payload.asBytes(id))

    companion object {
        const val ID = "kotlinx-cbor"
        private val serializer = ListSerializer(TestObject.serializer())
    }
}
