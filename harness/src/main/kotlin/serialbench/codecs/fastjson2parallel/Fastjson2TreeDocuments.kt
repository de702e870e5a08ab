package serialbench.codecs.fastjson2parallel

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONArray
import com.alibaba.fastjson2.JSONObject
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.codecs.fastjson2.Fastjson2Tree
import serialbench.parallel.JsonDocumentEngine
import serialbench.parallel.JsonListEngine

/**
 * fastjson2's trees (`JSONObject`, `JSONArray`) as an engine of whole documents: `JSON.parse` and `JSON.toJSONString`
 * as [Fastjson2Tree] reads and writes them, every array of an object (and a top-level one) split into slices read as
 * `JSON.parseArray` reads their elements, strictly at their top level. Objects are followed, not split as maps: a tree
 * does not say which of its objects are maps.
 */
internal object Fastjson2TreeDocuments : JsonDocumentEngine<Any?> {
    override val name: String get() = "fastjson2"

    override fun encodeDocument(document: Any?): String = Fastjson2Tree.write(document)

    override fun decodeDocument(text: String): Any = Fastjson2Tree.parse(text)

    override fun splits(text: String): Boolean = Fastjson2References.splits(text)

    override fun elements(path: List<String>): JsonListEngine<*> = Elements

    override fun parts(document: Any?): Map<List<String>, Any> =
        LinkedHashMap<List<String>, Any>().also { collect(document, emptyList(), it) }

    override fun encodeSkeleton(document: Any?, emptied: Set<List<String>>): String =
        encodeDocument(copied(document, emptyList(), emptied))

    override fun filled(skeleton: Any?, parts: Map<List<String>, Any>): Any? {
        parts[emptyList()]?.let { return JSONArray(it as List<*>) }
        for ((path, list) in parts) {
            @Suppress("UNCHECKED_CAST")
            val holder = path.dropLast(1).fold(skeleton) { value, key -> (value as Map<String, Any?>)[key] }
            @Suppress("UNCHECKED_CAST")
            (holder as MutableMap<String, Any?>)[path.last()] = JSONArray(list as List<*>)
        }
        return skeleton
    }

    private fun collect(value: Any?, path: List<String>, into: MutableMap<List<String>, Any>) {
        when (value) {
            is List<*> -> into[path] = value
            is Map<*, *> -> for ((key, member) in value) if (key is String) collect(member, path + key, into)
        }
    }

    /** [value] with each list at [emptied] replaced by an empty one, the objects on the way copied. */
    private fun copied(value: Any?, path: List<String>, emptied: Set<List<String>>): Any? {
        if (path in emptied) return JSONArray()
        if (value !is Map<*, *> ||
            emptied.none { it.size > path.size && it.subList(0, path.size) == path }
        ) {
            return value
        }
        val copy = JSONObject(value.size)
        for ((key, member) in value) copy[key as String] = copied(member, path + key, emptied)
        return copy
    }

    /**
     * An array's elements as fastjson2 values: `JSON.parseArray`, and a list of them written as the tree writes; a
     * slice read strictly ([Fastjson2Slices]), each element as `parseArray` reads it.
     */
    private object Elements : JsonListEngine<Any?> {
        private val slices = Fastjson2Slices(emptyArray()) { it.readAny() }

        override val name: String get() = "fastjson2"

        override val decodesSlicesStrictly: Boolean get() = true

        override fun encodeList(elements: List<Any?>): String = Fastjson2Tree.write(elements)

        override fun encodeElements(elements: List<Any?>): String = Fastjson2Tree.writeElements(elements)

        override fun decodeList(text: String): List<Any?> = JSON.parseArray(text)
            ?: throw IllegalArgumentException("codec ${Fastjson2Codec.ID}: no JSON array in the input")

        override fun decodeSlice(slice: String): List<Any?> = slices.read(slice)

        override fun decodeSlice(text: String, from: Int, to: Int): List<Any?> = slices.readRun(text, from, to)
    }
}
