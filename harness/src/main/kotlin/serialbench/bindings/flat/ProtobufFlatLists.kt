package serialbench.bindings.flat

import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ProtobufChecks
import serialbench.codec.StreamApi
import serialbench.codec.asBytes
import serialbench.codec.proto.TestObjectList
import serialbench.codec.proto.TestObjectMessage
import serialbench.codecs.protobuf.ProtobufCodec
import serialbench.shapes.flat.FlatShape
import serialbench.shapes.flat.TestObject
import java.io.InputStream
import java.io.OutputStream

/**
 * The `flat` shape for [ProtobufCodec]: objects to `test_object.proto`'s [TestObjectList] and back, the mapping
 * timed with the encoding. The list ends with its element count; decoding checks it and refuses fields the schema
 * does not know ([ProtobufChecks]). Streams: `writeTo` and `parseFrom(InputStream)`.
 */
internal object ProtobufFlatLists : ListCodec<TestObject>, StreamApi<TestObject> {
    private const val ID = ProtobufCodec.ID

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
        val shape = FlatShape.ID
        ProtobufChecks.requireCount(ID, shape, if (list.hasCount()) list.count else null, list.objectsCount)
        ProtobufChecks.requireNoUnknownFields(ID, shape, list.unknownFields.asMap().keys) { "the list" }
        return list.objectsList.mapIndexed { index, element ->
            ProtobufChecks.requireNoUnknownFields(ID, shape, element.unknownFields.asMap().keys) { "element $index" }
            TestObject(element.name, element.value, element.itemsList.toList())
        }
    }
}
