package serialbench.codec

import serialbench.codec.proto.TestObjectList
import serialbench.codec.proto.TestObjectMessage
import serialbench.data.Shape
import serialbench.data.Shapes
import serialbench.model.TestObject

/**
 * Google Protocol Buffers (protobuf-java) with classes generated at build time from the `.proto` files in
 * `src/main/protobuf` by protoc from Maven Central. The timed work includes mapping the domain objects to the
 * generated messages and back, as an application using protobuf would. A shape needs its own `.proto` and
 * mapping ([ProtobufEventLists], [ProtobufUploadLists]); a shape without one is not supported.
 */
class ProtobufCodec : Codec {
    private val supports = ShapeSupportCache { shape ->
        when (shape.id) {
            Shapes.FLAT.id -> ShapeSupport.Supported(FlatLists)
            Shapes.EVENTS.id -> ShapeSupport.Supported(ProtobufEventLists)
            Shapes.UPLOAD.id -> ShapeSupport.Supported(ProtobufUploadLists)
            else -> ShapeSupport.Unsupported<Any>("no .proto message and mapping for shape ${shape.id}")
        }
    }

    override val id: String get() = ID
    override val displayName: String get() = "Protocol Buffers (protobuf-java)"
    override val format: Codec.Format get() = Codec.Format.PROTOBUF

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    private object FlatLists : ListCodec<TestObject> {
        override fun encode(objects: List<TestObject>): Payload {
            val list = TestObjectList.newBuilder()
            for (obj in objects) {
                list.addObjects(TestObjectMessage.newBuilder().setName(obj.name).setValue(obj.value).addAllItems(obj.items))
            }
            return Payload.Binary(list.build().toByteArray())
        }

        override fun decode(payload: Payload): List<TestObject> =
            TestObjectList.parseFrom(payload.asBytes(ID)).objectsList.map { TestObject(it.name, it.value, it.itemsList.toList()) }
    }

    companion object {
        const val ID = "protobuf"
    }
}
