package serialbench.codecs.kotlinxprotobuf

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.data.Shape
import serialbench.data.ShapeKey

/**
 * kotlinx.serialization [ProtoBuf]. Protocol Buffers cannot tell an empty repeated field from a missing
 * one, so the list travels in message classes whose fields have defaults; mapping to and from them is timed.
 * A shape needs such message classes, registered under [LISTS]; a shape without them is not supported.
 *
 * Decoding refuses what the library alone would accept: each message ends with its element count, checked
 * ([ProtobufChecks]), and strings must be valid UTF-8 ([StrictUtf8String]). Fields it does not know are still
 * skipped: kotlinx ProtoBuf offers no way to see them.
 */
@OptIn(ExperimentalSerializationApi::class)
class KotlinxProtobufCodec : Codec {
    private val supports = ShapeSupportCache { shape ->
        shape.extension(LISTS)?.let { ShapeSupport.Supported(it) }
            ?: ShapeSupport.Unsupported<Any>("no message classes with defaults for shape ${shape.id}")
    }

    override val id: String get() = ID
    override val displayName: String get() = "kotlinx ProtoBuf"
    override val format: Codec.Format get() = Codec.Format.PROTOBUF

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    companion object {
        /** The kotlinx ProtoBuf mapping of a shape: its list to message classes whose fields have defaults, and back. */
        val LISTS = ShapeKey<ListCodec<*>>("kotlinx ProtoBuf lists")

        const val ID = "kotlinx-protobuf"
    }
}
