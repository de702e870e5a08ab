package serialbench.parallel

import serialbench.parallel.internal.engine.DocumentEngine
import serialbench.parallel.internal.engine.KotlinxJsonMapEngine
import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.engine.PartGather
import serialbench.parallel.internal.engine.SliceCopies
import serialbench.parallel.internal.scan.Brackets
import java.util.concurrent.ConcurrentHashMap

/** The library's side of a public [JsonListEngine]: the same engine, member for member. */
internal fun <T> JsonListEngine<T>.internal(): ListEngine<T> {
    val engine = this
    return object : ListEngine<T> {
        override val name: String get() = engine.name
        override val isStrict: Boolean get() = engine.isStrict
        override val decodesSlicesStrictly: Boolean get() = engine.decodesSlicesStrictly

        override fun encodeList(elements: List<T>): String = engine.encodeList(elements)

        override fun encodeElements(elements: List<T>): String? = engine.encodeElements(elements)

        override fun decodeList(text: String): List<T> = engine.decodeList(text)

        override fun splits(text: String): Boolean = engine.splits(text)

        override fun decodeSlice(slice: String): List<T> = engine.decodeSlice(slice)

        override fun decodeSlice(text: String, from: Int, to: Int, copies: SliceCopies): List<T> =
            engine.decodeSlice(text, from, to)

        override fun decodeElements(text: String, sink: (T) -> Unit) = engine.decodeElements(text, sink)
    }
}

/** The library's side of a public [JsonMapEngine]: a list engine of its members, between braces. */
internal fun <V> JsonMapEngine<V>.internal(): ListEngine<Map.Entry<String, V>> {
    val engine = this
    return object : ListEngine<Map.Entry<String, V>> {
        override val name: String get() = engine.name
        override val isStrict: Boolean get() = engine.isStrict
        override val decodesSlicesStrictly: Boolean get() = engine.decodesSlicesStrictly
        override val brackets: Brackets get() = Brackets.OBJECT

        override fun encodeList(elements: List<Map.Entry<String, V>>): String =
            engine.encodeMap(KotlinxJsonMapEngine.mapOf(elements))

        override fun decodeList(text: String): List<Map.Entry<String, V>> = ArrayList(engine.decodeMap(text).entries)

        override fun gather(slices: Int): PartGather<Map.Entry<String, V>> = KotlinxJsonMapEngine.gatherMap(slices)

        override fun decodeSlice(slice: String): List<Map.Entry<String, V>> =
            ArrayList(engine.decodeSlice(slice).entries)

        override fun decodeSlice(text: String, from: Int, to: Int, copies: SliceCopies): List<Map.Entry<String, V>> =
            ArrayList(engine.decodeSlice(text, from, to).entries)

        override fun decodeElements(text: String, sink: (Map.Entry<String, V>) -> Unit) = decodeList(text).forEach(sink)
    }
}

/**
 * The library's side of a public [JsonDocumentEngine]: the same engine, its parts' engines adapted once each (the
 * same public engine gives the same [ListEngine], under which what the library learns of it is kept; at most
 * [MAX_PART_ENGINES] are kept).
 */
@Suppress("UNCHECKED_CAST")
internal fun <D> JsonDocumentEngine<D>.internal(): DocumentEngine<D> {
    val engine = this
    val adapted = ConcurrentHashMap<Any, ListEngine<Any?>>()
    fun adapt(part: Any, adapt: () -> ListEngine<Any?>): ListEngine<Any?> = adapted[part] ?: adapt().also {
        if (adapted.size >= MAX_PART_ENGINES) adapted.clear()
        adapted[part] = it
    }
    return object : DocumentEngine<D> {
        override val name: String get() = engine.name

        override fun encodeDocument(document: D): String = engine.encodeDocument(document)

        override fun decodeDocument(text: String): D = engine.decodeDocument(text)

        override fun splits(text: String): Boolean = engine.splits(text)

        override fun part(path: List<String>): ListEngine<Any?>? {
            val elements = engine.elements(path) as JsonListEngine<Any?>?
            if (elements != null) return adapt(elements) { elements.internal() }
            val members = engine.members(path) as JsonMapEngine<Any?>? ?: return null
            return adapt(members) { members.internal() as ListEngine<Any?> }
        }

        override fun parts(document: D): Map<List<String>, Any> = engine.parts(document)

        override fun encodeSkeleton(document: D, emptied: Set<List<String>>): String =
            engine.encodeSkeleton(document, emptied)

        override fun filled(skeleton: D, parts: Map<List<String>, Any>): D = engine.filled(skeleton, parts)
    }
}

/** The most adapted engines of parts kept per document engine: far more than a document's kinds of parts. */
private const val MAX_PART_ENGINES = 1024
