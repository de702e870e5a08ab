package serialbench.codecs.paralleljson

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import serialbench.codec.Payload
import serialbench.codec.SplitCounting
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.treeOf
import serialbench.parallel.ParallelJson

/**
 * [ParallelJson] over the default [Json] reading and writing `JsonElement` trees: any document, its large arrays
 * and objects (the top-level array, or those inside objects) split.
 */
internal class ParallelJsonTree(parallelism: Int) :
    TreeCodec,
    SplitCounting {
    private val parallelJson = ParallelJson(Json) { this.parallelism = parallelism }
    private val splits = ParallelJsonSplitCounting(parallelJson::splits)

    override fun encoded() = splits.encoded()

    override fun decoded() = splits.decoded()

    override val id: String get() = ParallelJsonCodec.ID

    override fun decodeTree(payload: Payload): JsonElement = parallelJson.parseToJsonElement(payload.toText())

    override fun encodeTree(tree: Any?): Payload =
        Payload.Text(parallelJson.encodeToString(JsonElement.serializer(), treeOf<JsonElement>(id, tree)))

    override fun close() = parallelJson.close()
}
