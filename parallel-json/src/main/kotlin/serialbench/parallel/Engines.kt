package serialbench.parallel

import serialbench.parallel.internal.engine.DocumentEngine
import serialbench.parallel.internal.engine.ListEngine

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

/** The library's side of a public [JsonDocumentEngine]: the same engine, its elements' engines adapted. */
@Suppress("UNCHECKED_CAST")
internal fun <D> JsonDocumentEngine<D>.internal(): DocumentEngine<D> {
    val engine = this
    return object : DocumentEngine<D> {
        override val name: String get() = engine.name

        override fun encodeDocument(document: D): String = engine.encodeDocument(document)

        override fun decodeDocument(text: String): D = engine.decodeDocument(text)

        override fun elements(path: List<String>): ListEngine<Any?>? =
            (engine.elements(path) as JsonListEngine<Any?>?)?.internal()

        override fun lists(document: D): Map<List<String>, List<Any?>> =
            engine.lists(document) as Map<List<String>, List<Any?>>

        override fun encodeSkeleton(document: D, emptied: Set<List<String>>): String =
            engine.encodeSkeleton(document, emptied)

        override fun filled(skeleton: D, lists: Map<List<String>, List<Any?>>): D = engine.filled(skeleton, lists)
    }
}
