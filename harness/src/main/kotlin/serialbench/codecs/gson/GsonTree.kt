package serialbench.codecs.gson

import com.google.gson.Gson
import com.google.gson.JsonElement
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.treeOf

/**
 * Gson's [JsonElement] with the default `Gson`, as the `gson` codec: `fromJson(text, JsonElement)` and `toJson`.
 * Its defaults drop object members whose value is null when writing, which the data check reports.
 */
internal class GsonTree(private val gson: Gson = Gson()) : TreeCodec {
    override val id: String get() = GsonCodec.ID

    override fun decodeTree(payload: Payload): JsonElement = gson.fromJson(payload.toText(), JsonElement::class.java)
        ?: throw IllegalArgumentException("codec $id: no JSON document in the input")

    override fun encodeTree(tree: Any?): Payload = Payload.Text(gson.toJson(treeOf<JsonElement>(id, tree)))
}
