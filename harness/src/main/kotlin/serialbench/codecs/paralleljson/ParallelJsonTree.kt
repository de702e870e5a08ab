package serialbench.codecs.paralleljson

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.treeOf
import serialbench.parallel.ParallelJson

/** [ParallelJson] over the default [Json] with `JsonElement` elements: a top-level array as a list of trees. */
internal class ParallelJsonTree(parallelism: Int) : TreeCodec {
    private val parallelJson = ParallelJson(Json, parallelism)

    override val id: String get() = ParallelJsonCodec.ID

    override fun decodeTree(payload: Payload): List<JsonElement> =
        parallelJson.decodeFromString(JsonElement.serializer(), payload.toText())

    override fun encodeTree(tree: Any?): Payload =
        Payload.Text(parallelJson.encodeToString(JsonElement.serializer(), elements(tree)))

    override fun close() = parallelJson.close()

    @Suppress("UNCHECKED_CAST")
    private fun elements(tree: Any?): List<JsonElement> = treeOf<List<*>>(id, tree) as List<JsonElement>
}
