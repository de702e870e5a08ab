package serialbench.codecs.jackson

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.module.kotlin.jacksonObjectMapper
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.treeOf

/**
 * Jackson's [JsonNode] with the `jackson` codec's mapper: `readTree` and `writeValueAsString`. Blackbird is not
 * measured apart: it replaces reflective access to bean properties, and a tree has none.
 */
internal class JacksonTree(private val mapper: ObjectMapper = jacksonObjectMapper()) : TreeCodec {
    override val id: String get() = JacksonCodec.ID

    override fun decodeTree(payload: Payload): JsonNode = mapper.readTree(payload.toText())

    override fun encodeTree(tree: Any?): Payload = Payload.Text(mapper.writeValueAsString(treeOf<JsonNode>(id, tree)))
}
