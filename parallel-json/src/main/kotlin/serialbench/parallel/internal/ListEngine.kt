package serialbench.parallel.internal

/**
 * What the splitting code needs of an engine: the library's side of the public `JsonListEngine`, with the same
 * contract member for member (`ParallelJsonLists` adapts a public engine to it, [KotlinxJsonListEngine] is one). It
 * keeps this package free of the public one, so the public types depend on the internals and never the reverse.
 */
internal interface ListEngine<T> {
    /** Name used in error messages, e.g. "kotlinx Json". */
    val name: String

    /** True only when [decodeList] accepts nothing but JSON's own array syntax at the top level. */
    val isStrict: Boolean

    /** An array's brackets, or an object's for an engine whose elements are a map's entries (members). */
    val brackets: Brackets get() = Brackets.ARRAY

    /** The JSON array of [elements]; throws the engine's own failure. */
    fun encodeList(elements: List<T>): String

    /** The whole list in the array [text], or the engine's own failure for that text (never a partial list). */
    fun decodeList(text: String): List<T>

    /** The elements of the array [text] as a stream read gives them, each to [sink], then the failure, if any. */
    fun decodeElements(text: String, sink: (T) -> Unit)
}
