package serialbench.codec

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import serialbench.model.TestObject

/** kotlinx.serialization [Json] with its default configuration, on the calling thread. */
class KotlinxJsonCodec(private val json: Json = Json) : Codec {
    override val id: String get() = ID
    override val displayName: String get() = "kotlinx Json"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun encode(objects: List<TestObject>): Payload = Payload.Text(json.encodeToString(serializer, objects))

    override fun decode(payload: Payload): List<TestObject> = json.decodeFromString(serializer, payload.toText())

    companion object {
        const val ID = "kotlinx-json"
        private val serializer = ListSerializer(TestObject.serializer())
    }
}
