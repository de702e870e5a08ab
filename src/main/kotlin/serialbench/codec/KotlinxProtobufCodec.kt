package serialbench.codec

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.model.TestObject

/**
 * kotlinx.serialization [ProtoBuf]. Protocol Buffers cannot tell an empty repeated field from a missing
 * one, so the list travels in message classes whose fields have defaults; mapping to and from them is timed.
 */
@OptIn(ExperimentalSerializationApi::class)
class KotlinxProtobufCodec : Codec {
    override val id: String get() = ID
    override val displayName: String get() = "kotlinx ProtoBuf"
    override val format: Codec.Format get() = Codec.Format.PROTOBUF

    override fun encode(objects: List<TestObject>): Payload = Payload.Binary(
        ProtoBuf.encodeToByteArray(Message.serializer(), Message(objects.map { Element(it.name, it.value, it.items) })),
    )

    override fun decode(payload: Payload): List<TestObject> =
        ProtoBuf.decodeFromByteArray(Message.serializer(), payload.asBytes(id)).objects.map { TestObject(it.name, it.value, it.items) }

    @Serializable
    private class Message(val objects: List<Element> = emptyList())

    @Serializable
    private class Element(val name: String = "", val value: Int = 0, val items: List<String> = emptyList())

    companion object {
        const val ID = "kotlinx-protobuf"
    }
}
