package serialbench.codec

import serialbench.codec.proto.TestObjectList
import serialbench.codec.proto.TestObjectMessage
import serialbench.model.TestObject

/**
 * Google Protocol Buffers (protobuf-java) with classes generated at build time from
 * `src/main/protobuf/test_object.proto` by protoc from Maven Central. The timed work includes mapping the
 * domain objects to the generated messages and back, as an application using protobuf would.
 */
class ProtobufCodec : Codec {
    override val id: String get() = ID
    override val displayName: String get() = "Protocol Buffers (protobuf-java)"
    override val format: Codec.Format get() = Codec.Format.PROTOBUF

    override fun encode(objects: List<TestObject>): Payload {
        val list = TestObjectList.newBuilder()
        for (obj in objects) {
            list.addObjects(TestObjectMessage.newBuilder().setName(obj.name).setValue(obj.value).addAllItems(obj.items))
        }
        return Payload.Binary(list.build().toByteArray())
    }

    override fun decode(payload: Payload): List<TestObject> =
        TestObjectList.parseFrom(payload.asBytes(id)).objectsList.map { TestObject(it.name, it.value, it.itemsList.toList()) }

    companion object {
        const val ID = "protobuf"
    }
}
