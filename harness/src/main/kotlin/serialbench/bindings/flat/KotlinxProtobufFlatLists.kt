package serialbench.bindings.flat

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ProtobufChecks
import serialbench.codec.StrictUtf8String
import serialbench.codec.asBytes
import serialbench.codecs.kotlinxprotobuf.KotlinxProtobufCodec
import serialbench.shapes.flat.FlatShape
import serialbench.shapes.flat.TestObject

/**
 * The `flat` shape for [KotlinxProtobufCodec]: objects to message classes whose fields have defaults (Protocol
 * Buffers cannot tell an empty repeated field from a missing one) and back, strings decoded strictly. The list
 * ends with its element count, checked ([ProtobufChecks]).
 */
@OptIn(ExperimentalSerializationApi::class)
internal object KotlinxProtobufFlatLists : ListCodec<TestObject> {
    private const val ID = KotlinxProtobufCodec.ID

    override fun encode(objects: List<TestObject>): Payload = Payload.Binary(
        ProtoBuf.encodeToByteArray(
            Message.serializer(),
            Message(
                objects.map {
                    Element(it.name, it.value, it.items)
                },
                objects.size,
            ),
        ),
    )

    override fun decode(payload: Payload): List<TestObject> {
        val message = ProtoBuf.decodeFromByteArray(Message.serializer(), payload.asBytes(ID))
        ProtobufChecks.requireCount(ID, FlatShape.ID, message.count, message.objects.size)
        return message.objects.map { TestObject(it.name, it.value, it.items) }
    }

    /** [count] last, always written (also 0): see [ProtobufChecks]. */
    @Serializable
    private class Message(val objects: List<Element> = emptyList(), val count: Int? = null)

    @Serializable
    private class Element(
        @Serializable(with = StrictUtf8String::class) val name: String = "",
        val value: Int = 0,
        val items: List<
            @Serializable(with = StrictUtf8String::class)
            String,
            > = emptyList(),
    )
}
