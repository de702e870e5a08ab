package serialbench.parallel.internal.engine

/**
 * What the splitting code needs of an engine of whole documents: the library's side of the public
 * `JsonDocumentEngine`, member for member, with the elements' engines as [ListEngine]s (`ParallelJsonDocuments`
 * adapts a public engine to it). A path is the member names from the root object to an array; the empty path is a
 * document that is one array.
 */
internal interface DocumentEngine<D> {
    /** Name used in error messages, e.g. "fastjson2". */
    val name: String

    /** The whole [document] as the engine writes it. */
    fun encodeDocument(document: D): String

    /** The whole document in [text], or the engine's own failure. */
    fun decodeDocument(text: String): D

    /** The engine of the array's elements at [path], or null where no array there is split. */
    fun elements(path: List<String>): ListEngine<Any?>?

    /** The lists of [document] at paths that [elements] splits. */
    fun lists(document: D): Map<List<String>, List<Any?>>

    /** [document] as [encodeDocument] writes it, each list at the [emptied] paths written `[]`. */
    fun encodeSkeleton(document: D, emptied: Set<List<String>>): String

    /** [skeleton] with [lists] put at their paths. */
    fun filled(skeleton: D, lists: Map<List<String>, List<Any?>>): D
}
