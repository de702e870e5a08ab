package serialbench.codecs.kotlinxjson

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.treeOf

/** kotlinx.serialization's [JsonElement] with the default [Json]: `parseToJsonElement` and back. */
internal class KotlinxJsonTree(private val json: Json = Json) : TreeCodec {
    override val id: String get() = KotlinxJsonCodec.ID

    override fun decodeTree(payload: Payload): JsonElement = json.parseToJsonElement(payload.toText())

    override fun encodeTree(tree: Any?): Payload =
        Payload.Text(json.encodeToString(JsonElement.serializer(), treeOf<JsonElement>(id, tree)))
}
