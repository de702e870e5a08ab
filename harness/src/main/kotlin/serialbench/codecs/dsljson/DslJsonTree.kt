package serialbench.codecs.dsljson

import com.dslplatform.json.DslJson
import com.dslplatform.json.runtime.Settings
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec
import java.io.ByteArrayOutputStream

/** DSL-JSON's maps, lists and values (`deserialize(Object)`), on UTF-8 bytes as the `dsl-json` codec. */
internal class DslJsonTree : TreeCodec {
    private val dslJson = DslJson<Any>(Settings.withRuntime<Any>().includeServiceLoader())

    override val id: String get() = DslJsonCodec.ID

    override fun payloadOf(text: String): Payload = Payload.Binary(text.encodeToByteArray())

    override fun decodeTree(payload: Payload): Any {
        val bytes = payload.toByteArray()
        return dslJson.deserialize(Any::class.java, bytes, bytes.size)
            ?: throw IllegalArgumentException("codec $id: no JSON document in the input")
    }

    override fun encodeTree(tree: Any?): Payload {
        val out = ByteArrayOutputStream()
        dslJson.serialize(tree, out)
        return Payload.Binary(out.toByteArray())
    }
}
