package serialbench.parallel

import serialbench.parallel.internal.engine.DocumentEngine
import serialbench.parallel.internal.engine.KotlinxJsonMapEngine
import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.scan.Brackets

/** The library's side of a public [JsonListEngine]: the same engine, member for member. */
internal fun <T> JsonListEngine<T>.internal(): ListEngine<T> {
    val engine = this
    return object : ListEngine<T> {
        override val name: String get() = engine.name
        override val isStrict: Boolean get() = engine.isStrict

        override fun encodeList(elements: List<T>): String = engine.encodeList(elements)

        override fun decodeList(text: String): List<T> = engine.decodeList(text)

        override fun decodeElements(text: String, sink: (T) -> Unit) = engine.decodeElements(text, sink)
    }
}

/** The library's side of a public [JsonMapEngine]: a list engine of its members, between braces. */
internal fun <V> JsonMapEngine<V>.internal(): ListEngine<Map.Entry<String, V>> {
    val engine = this
    return object : ListEngine<Map.Entry<String, V>> {
        override val name: String get() = engine.name
        override val isStrict: Boolean get() = engine.isStrict
        override val brackets: Brackets get() = Brackets.OBJECT

        override fun encodeList(elements: List<Map.Entry<String, V>>): String =
            engine.encodeMap(KotlinxJsonMapEngine.mapOf(elements))

        override fun decodeList(text: String): List<Map.Entry<String, V>> = ArrayList(engine.decodeMap(text).entries)

        override fun decodeElements(text: String, sink: (Map.Entry<String, V>) -> Unit) = decodeList(text).forEach(sink)
    }
}

/** The library's side of a public [JsonDocumentEngine]: the same engine, its parts' engines adapted. */
@Suppress("UNCHECKED_CAST")
internal fun <D> JsonDocumentEngine<D>.internal(): DocumentEngine<D> {
    val engine = this
    return object : DocumentEngine<D> {
        override val name: String get() = engine.name

        override fun encodeDocument(document: D): String = engine.encodeDocument(document)

        override fun decodeDocument(text: String): D = engine.decodeDocument(text)

        override fun part(path: List<String>): ListEngine<Any?>? =
            (engine.elements(path) as JsonListEngine<Any?>?)?.internal()
                ?: (engine.members(path) as JsonMapEngine<Any?>?)?.internal() as ListEngine<Any?>?

        override fun parts(document: D): Map<List<String>, Any> = engine.parts(document)

        override fun encodeSkeleton(document: D, emptied: Set<List<String>>): String =
            engine.encodeSkeleton(document, emptied)

        override fun filled(skeleton: D, parts: Map<List<String>, Any>): D = engine.filled(skeleton, parts)
    }
}
