package serialbench.codecs.fastjson2

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONWriter
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec

/**
 * fastjson2's `JSONObject`/`JSONArray` with its defaults: `JSON.parse` and `JSON.toJSONString` (`LargeObject`, as the
 * codec).
 */
internal class Fastjson2Tree : TreeCodec {
    override val id: String get() = Fastjson2Codec.ID

    override fun decodeTree(payload: Payload): Any = parse(payload.toText())

    override fun encodeTree(tree: Any?): Payload = Payload.Text(write(tree))

    companion object {
        /** fastjson2 returns null for the text `null`; a tree codec wants a document or an error. */
        fun parse(text: String): Any = JSON.parse(text)
            ?: throw IllegalArgumentException("codec ${Fastjson2Codec.ID}: no JSON document in the input")

        fun write(tree: Any?): String = JSON.toJSONString(tree, *WRITE_FEATURES)

        /** [write]'s text of the array [elements] between its brackets, written so ([fastjson2Elements]). */
        fun writeElements(elements: List<Any?>): String = fastjson2Elements(elements, WRITE_FEATURES)

        private val WRITE_FEATURES = arrayOf(JSONWriter.Feature.LargeObject)
    }
}
