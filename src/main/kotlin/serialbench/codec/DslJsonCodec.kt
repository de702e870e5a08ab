package serialbench.codec

import com.dslplatform.json.DslJson
import com.dslplatform.json.runtime.Settings
import com.fasterxml.jackson.annotation.JsonCreator
import java.io.ByteArrayOutputStream
import serialbench.model.TestObject

/**
 * DSL-JSON with runtime reflection (its annotation processor needs kapt, which this build does not use).
 * DSL-JSON works on UTF-8 bytes, so its payload is bytes, as its users would send them. Kotlin's
 * `@Serializable` adds a second constructor; the creator marker points DSL-JSON at the primary one.
 */
class DslJsonCodec : Codec {
    private val dslJson = DslJson<Any>(
        Settings.withRuntime<Any>().includeServiceLoader().creatorMarker(JsonCreator::class.java, false),
    )

    override val id: String get() = ID
    override val displayName: String get() = "DSL-JSON"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun encode(objects: List<TestObject>): Payload {
        val out = ByteArrayOutputStream()
        dslJson.serialize(objects, out)
        return Payload.Binary(out.toByteArray())
    }

    override fun decode(payload: Payload): List<TestObject> {
        val bytes = payload.toByteArray()
        return dslJson.deserializeList(TestObject::class.java, bytes, bytes.size)
            ?: throw IllegalArgumentException("codec $id: no JSON array in the input")
    }

    companion object {
        const val ID = "dsl-json"
    }
}
