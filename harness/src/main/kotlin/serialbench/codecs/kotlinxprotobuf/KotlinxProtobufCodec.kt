package serialbench.codecs.kotlinxprotobuf

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.kotlinxSupport
import serialbench.codec.listsOrDocument
import serialbench.data.Shape
import serialbench.data.ShapeKey

/**
 * kotlinx.serialization [ProtoBuf]. Protocol Buffers cannot tell an empty repeated field from a missing
 * one, so the list travels in message classes whose fields have defaults; mapping to and from them is timed.
 * The built-in shapes register such message classes under [LISTS]; any other `@Serializable` type (a user's own,
 * `bench.model`, checked before it is measured) travels as the type itself ([KotlinxProtobufElementLists]).
 *
 * Decoding refuses what the library alone would accept: each message ends with its element count, checked
 * ([ProtobufChecks]), and strings must be valid UTF-8 ([StrictUtf8String]). Fields it does not know are still
 * skipped: kotlinx ProtoBuf offers no way to see them.
 */
@OptIn(ExperimentalSerializationApi::class)
class KotlinxProtobufCodec : Codec {
    private val supports = ShapeSupportCache { shape -> lists(shape) }

    override val id: String get() = ID
    override val displayName: String get() = "kotlinx ProtoBuf"
    override val binding: String
        get() = "`ProtoBuf` (its defaults) with the class's generated `serializer()`, in a message of the " +
            "elements and their count"
    override val format: Codec.Format get() = Codec.Format.PROTOBUF

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    @Suppress("UNCHECKED_CAST")
    private fun <T : Any> lists(shape: Shape<T>): ShapeSupport<T> {
        shape.extension(LISTS)?.let { return ShapeSupport.Supported(it as ListCodec<T>) }
        return kotlinxSupport(shape) {
            listsOrDocument(shape, { KotlinxProtobufElementLists(shape.id, it) }, { KotlinxProtobufDocument(it) })
        }
    }

    companion object {
        /**
         * The kotlinx ProtoBuf mapping of a shape: its list to message classes whose fields have defaults, and back.
         */
        val LISTS = ShapeKey<ListCodec<*>>("kotlinx ProtoBuf lists")

        const val ID = "kotlinx-protobuf"
    }
}
