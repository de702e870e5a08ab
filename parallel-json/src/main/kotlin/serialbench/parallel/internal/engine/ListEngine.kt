package serialbench.parallel.internal.engine

import serialbench.parallel.internal.scan.Brackets

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

    /** True when [decodeSlice] is strict, as [isStrict] says of [decodeList]: a slice that decodes needs no check. */
    val decodesSlicesStrictly: Boolean get() = isStrict

    /**
     * True when a slice's text decodes as its elements do in the whole text (the library's own kotlinx engines), so
     * that a slice that fails at exact cuts fails the whole text too: should the whole text decode, the slice's
     * failure was a fault of the split path, and is thrown (`DecodeLadder`). Otherwise (another engine, whose reading
     * may depend on more than a slice's elements) the engine's whole reading is the result, counted as
     * `Fallback.ENGINE_READ_WHOLE`.
     */
    val readsSlicesAlike: Boolean get() = false

    /** An array's brackets, or an object's for an engine whose elements are a map's entries (members). */
    val brackets: Brackets get() = Brackets.ARRAY

    /** The JSON array of [elements]; throws the engine's own failure. */
    fun encodeList(elements: List<T>): String

    /**
     * The text between the brackets of [encodeList]'s array, without whitespace before the closing one, written as it
     * is, or null where the engine writes only whole arrays (a chunk is then cut out of its array: a copy).
     */
    fun encodeElements(elements: List<T>): String? = null

    /**
     * The JSON array of [elements] as a pretty-printing engine writes it [levels] arrays deep (at least 1), each array
     * around the next holding one element: its elements indented as those of an array at that depth of a document.
     * Null where the engine does not write so; a chunk of a member deep in a pretty-printed document needs it.
     */
    fun encodeListNested(elements: List<T>, levels: Int): String? = null

    /** The whole list in the array [text], or the engine's own failure for that text (never a partial list). */
    fun decodeList(text: String): List<T>

    /** Whether [text] may be read in slices; false leaves it to [decodeList]. */
    fun splits(text: String): Boolean = true

    /** The elements of [slice], a run of elements cut out of a larger array text; by default [decodeList]. */
    fun decodeSlice(slice: String): List<T> = decodeList(slice)

    /**
     * The elements of the run `text[from until to]`, cut out of the larger [text] between its brackets or commas; by
     * default [decodeSlice] of the run between [brackets], made in one copy of the run by [copies].
     */
    fun decodeSlice(text: String, from: Int, to: Int, copies: SliceCopies): List<T> =
        decodeSlice(copies.bracketed(text, from, to, brackets))

    /**
     * What a part read in [slices] slices is gathered into as its slices end, in order ([PartGather]), where putting
     * the elements together costs more than a concatenation (an object's members make a map); null: the slices'
     * elements are concatenated once all have ended.
     */
    fun gather(slices: Int): PartGather<T>? = null

    /** The elements of the array [text] as a stream read gives them, each to [sink], then the failure, if any. */
    fun decodeElements(text: String, sink: (T) -> Unit)
}
