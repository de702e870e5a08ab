package serialbench.codecs.kotlinxprotobuf

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ProtobufChecks
import serialbench.codec.asBytes

/**
 * A list of any `@Serializable` type (a user's own, `bench.model`) as kotlinx ProtoBuf writes the type itself: one
 * message holding the elements as a repeated field, then their count, checked ([ProtobufChecks]). The elements'
 * own fields are the type's: an empty list or a default the type declares without a default value may not come
 * back (Protocol Buffers omits them), which the user's type's check before timing shows.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class KotlinxProtobufElementLists<T : Any>(private val shapeId: String, element: KSerializer<T>) :
    ListCodec<T> {
    private val serializer = Message.serializer(element)

    override fun encode(objects: List<T>): Payload =
        Payload.Binary(ProtoBuf.encodeToByteArray(serializer, Message(objects, objects.size)))

    override fun decode(payload: Payload): List<T> {
        val message = ProtoBuf.decodeFromByteArray(serializer, payload.asBytes(KotlinxProtobufCodec.ID))
        ProtobufChecks.requireCount(KotlinxProtobufCodec.ID, shapeId, message.count, message.elements.size)
        return message.elements
    }

    /** [count] last, always written (also 0): see [ProtobufChecks]. */
    @Serializable
    private class Message<E>(val elements: List<E> = emptyList(), val count: Int? = null)
}
