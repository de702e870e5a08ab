package serialbench.parallel.internal.engine

/**
 * What the splitting code needs of an engine of whole documents: the library's side of the public
 * `JsonDocumentEngine`, with the engines of its parts (a large array's elements, or a large object's members as a
 * map's entries) as [ListEngine]s, their brackets telling which (`ParallelJsonDocuments` adapts a public engine to
 * it). A path is the member names from the root object to a part; the empty path is a document that is one array.
 */
internal interface DocumentEngine<D> {
    /** Name used in error messages, e.g. "fastjson2". */
    val name: String

    /** The whole [document] as the engine writes it. */
    fun encodeDocument(document: D): String

    /** The whole document in [text], or the engine's own failure. */
    fun decodeDocument(text: String): D

    /** Whether [text] may be read in parts; false leaves it to [decodeDocument]. */
    fun splits(text: String): Boolean = true

    /** The engine of the part at [path], or null where nothing there is split. */
    fun part(path: List<String>): ListEngine<Any?>?

    /** The parts of [document] at paths that [part] splits: a `List` for an array, a `Map<String, *>` for an object. */
    fun parts(document: D): Map<List<String>, Any>

    /** [document] as [encodeDocument] writes it, each part at the [emptied] paths written empty. */
    fun encodeSkeleton(document: D, emptied: Set<List<String>>): String

    /** [skeleton] with [parts] (a `List` or a `Map<String, *>`, as in [parts]) put at their paths. */
    fun filled(skeleton: D, parts: Map<List<String>, Any>): D
}
