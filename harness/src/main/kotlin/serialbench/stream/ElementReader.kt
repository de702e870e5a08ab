package serialbench.stream

/**
 * What a library adapter gives [DecodedElements]: its reader of one JSON array, element by element. Used by one
 * thread. Exceptions are the library's own; [DecodedElements] adds the element index and offsets.
 */
internal interface ElementReader<T : Any> : AutoCloseable {
    /**
     * Moves to the next element: `true` if there is one, `false` at the end of the array once the reader has
     * checked that nothing but whitespace follows it. Throws on anything else.
     */
    fun hasNext(): Boolean

    /** Decodes the element [hasNext] found; `null` for a JSON `null` (refused by [DecodedElements]). */
    fun next(): T?

    /** The library's own position in the input, in bytes, if it tells one; `null` otherwise. */
    fun byteOffset(): Long? = null
}
