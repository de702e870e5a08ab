package serialbench.codecs.fastjson2parallel

import com.alibaba.fastjson2.JSON
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.treeOf
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.codecs.fastjson2.Fastjson2Tree
import serialbench.parallel.JsonListEngine
import serialbench.parallel.ParallelJsonLists

/** ParallelJson's parallel layer driving fastjson2 over JSON values: a top-level array as a list of fastjson2 trees. */
internal class Fastjson2ParallelTree(parallelism: Int) : TreeCodec {
    private val lists = ParallelJsonLists(Engine, parallelism)

    override val id: String get() = Fastjson2ParallelCodec.ID

    override fun decodeTree(payload: Payload): List<Any?> = lists.decodeFromString(payload.toText())

    @Suppress("UNCHECKED_CAST")
    override fun encodeTree(tree: Any?): Payload =
        Payload.Text(lists.encodeToString(treeOf<List<*>>(id, tree) as List<Any?>))

    override fun close() = lists.close()

    /** `JSON.parseArray` gives a `JSONArray` of fastjson2 values; a list of them is written as [Fastjson2Tree] writes. */
    private object Engine : JsonListEngine<Any?> {
        override val name: String get() = "fastjson2"

        override fun encodeList(elements: List<Any?>): String = Fastjson2Tree.write(elements)

        override fun decodeList(text: String): List<Any?> = JSON.parseArray(text)
            ?: throw IllegalArgumentException("codec ${Fastjson2Codec.ID}: no JSON array in the input")
    }
}
