package serialbench.codecs.kotlinxprotobuf

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.codec.DocumentCodec
import serialbench.codec.Payload
import serialbench.codec.asBytes

/**
 * One document of a `@Serializable` type as its own message (`ProtoBuf.encodeToByteArray(serializer, document)`): no
 * list message around it, so no element count either; a payload cut short may decode to a document with defaults.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class KotlinxProtobufDocument<T : Any>(private val serializer: KSerializer<T>) : DocumentCodec<T> {
    override fun encodeDocument(document: T): Payload = Payload.Binary(ProtoBuf.encodeToByteArray(serializer, document))

    override fun decodeDocument(payload: Payload): T =
        ProtoBuf.decodeFromByteArray(serializer, payload.asBytes(KotlinxProtobufCodec.ID))
}
