package serialbench.codec

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.data.Shape
import serialbench.data.Shapes
import serialbench.model.TestObject

/**
 * kotlinx.serialization [ProtoBuf]. Protocol Buffers cannot tell an empty repeated field from a missing
 * one, so the list travels in message classes whose fields have defaults; mapping to and from them is timed.
 * A shape needs such message classes ([KotlinxProtobufEventLists], [KotlinxProtobufUploadLists]); a shape
 * without them is not supported.
 *
 * Decoding refuses what the library alone would accept: each message ends with its element count, checked
 * ([ProtobufChecks]), and strings must be valid UTF-8 ([StrictUtf8String]). Fields it does not know are still
 * skipped: kotlinx ProtoBuf offers no way to see them.
 */
@OptIn(ExperimentalSerializationApi::class)
class KotlinxProtobufCodec : Codec {
    private val supports = ShapeSupportCache { shape ->
        when (shape.id) {
            Shapes.FLAT.id -> ShapeSupport.Supported(FlatLists)
            Shapes.EVENTS.id -> ShapeSupport.Supported(KotlinxProtobufEventLists)
            Shapes.UPLOAD.id -> ShapeSupport.Supported(KotlinxProtobufUploadLists)
            else -> ShapeSupport.Unsupported<Any>("no message classes with defaults for shape ${shape.id}")
        }
    }

    override val id: String get() = ID
    override val displayName: String get() = "kotlinx ProtoBuf"
    override val format: Codec.Format get() = Codec.Format.PROTOBUF

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    private object FlatLists : ListCodec<TestObject> {
        override fun encode(objects: List<TestObject>): Payload = Payload.Binary(
            ProtoBuf.encodeToByteArray(Message.serializer(), Message(objects.map { Element(it.name, it.value, it.items) }, objects.size)),
        )

        override fun decode(payload: Payload): List<TestObject> {
            val message = ProtoBuf.decodeFromByteArray(Message.serializer(), payload.asBytes(ID))
            ProtobufChecks.requireCount(ID, Shapes.FLAT.id, message.count, message.objects.size)
            return message.objects.map { TestObject(it.name, it.value, it.items) }
        }
    }

    /** [count] last, always written (also 0): see [ProtobufChecks]. */
    @Serializable
    private class Message(val objects: List<Element> = emptyList(), val count: Int? = null)

    @Serializable
    private class Element(
        @Serializable(with = StrictUtf8String::class) val name: String = "",
        val value: Int = 0,
        val items: List<@Serializable(with = StrictUtf8String::class) String> = emptyList(),
    )

    companion object {
        const val ID = "kotlinx-protobuf"
    }
}
