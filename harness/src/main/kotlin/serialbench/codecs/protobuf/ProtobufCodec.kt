package serialbench.codecs.protobuf

import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.data.Shape
import serialbench.data.ShapeKey

/**
 * Google Protocol Buffers (protobuf-java) with classes generated at build time from the `.proto` files in
 * `src/main/protobuf` by protoc from Maven Central. The timed work includes mapping the domain objects to the
 * generated messages and back, as an application using protobuf would. A shape needs its own `.proto` and
 * mapping, which it registers under [LISTS]; a shape without one is not supported. Each list message
 * ends with its element count, and decoding refuses a payload whose count is missing or wrong, or that holds
 * fields the schema does not know ([ProtobufChecks]). Its stream API is the message's `writeTo(OutputStream)`
 * and `parseFrom(InputStream)`.
 */
class ProtobufCodec : Codec {
    private val supports = ShapeSupportCache { shape ->
        shape.extension(LISTS)?.let { ShapeSupport.Supported(it) }
            ?: ShapeSupport.Unsupported<Any>("no .proto message and mapping for shape ${shape.id}")
    }

    override val id: String get() = ID
    override val displayName: String get() = "Protocol Buffers (protobuf-java)"
    override val binding: String
        get() = "generated message classes and a mapping to them (a built-in shape's binding)"
    override val format: Codec.Format get() = Codec.Format.PROTOBUF

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    companion object {
        /** The protobuf-java mapping of a shape: its list of domain objects to the generated messages and back. */
        val LISTS = ShapeKey<ListCodec<*>>("protobuf-java lists")

        const val ID = "protobuf"
    }
}
