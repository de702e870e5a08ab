package serialbench.codec

import java.io.InputStream
import java.io.OutputStream
import serialbench.codec.proto.TestObjectList
import serialbench.codec.proto.TestObjectMessage
import serialbench.data.Shape
import serialbench.data.Shapes
import serialbench.model.TestObject

/**
 * Google Protocol Buffers (protobuf-java) with classes generated at build time from the `.proto` files in
 * `src/main/protobuf` by protoc from Maven Central. The timed work includes mapping the domain objects to the
 * generated messages and back, as an application using protobuf would. A shape needs its own `.proto` and
 * mapping ([ProtobufEventLists], [ProtobufUploadLists]); a shape without one is not supported. Each list message
 * ends with its element count, and decoding refuses a payload whose count is missing or wrong, or that holds
 * fields the schema does not know ([ProtobufChecks]). Its stream API is the message's `writeTo(OutputStream)`
 * and `parseFrom(InputStream)`.
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

    private object FlatLists : ListCodec<TestObject>, StreamApi<TestObject> {
        override fun encode(objects: List<TestObject>): Payload = Payload.Binary(message(objects).toByteArray())

        override fun decode(payload: Payload): List<TestObject> = objects(TestObjectList.parseFrom(payload.asBytes(ID)))

        override fun encodeTo(objects: List<TestObject>, output: OutputStream) = message(objects).writeTo(output)

        override fun decodeFrom(input: InputStream): List<TestObject> = objects(TestObjectList.parseFrom(input))

        private fun message(objects: List<TestObject>): TestObjectList {
            val list = TestObjectList.newBuilder()
            for (obj in objects) {
                list.addObjects(TestObjectMessage.newBuilder().setName(obj.name).setValue(obj.value).addAllItems(obj.items))
            }
            return list.setCount(objects.size).build()
        }

        private fun objects(list: TestObjectList): List<TestObject> {
            val shape = Shapes.FLAT.id
            ProtobufChecks.requireCount(ID, shape, if (list.hasCount()) list.count else null, list.objectsCount)
            ProtobufChecks.requireNoUnknownFields(ID, shape, list.unknownFields.asMap().keys) { "the list" }
            return list.objectsList.mapIndexed { index, element ->
                ProtobufChecks.requireNoUnknownFields(ID, shape, element.unknownFields.asMap().keys) { "element $index" }
                TestObject(element.name, element.value, element.itemsList.toList())
            }
        }
    }

    companion object {
        const val ID = "protobuf"
    }
}
