package serialbench.parallel

/**
 * A single-threaded JSON engine for lists of [T], which [ParallelJsonLists] drives one chunk or slice at a time.
 *
 * Contract, relied on for byte-identical output: [encodeList] renders a list the same way whatever its
 * length, as `[`, the elements separated by `,` (each element's text not depending on its index, only on
 * its own value), and `]`, with whitespace allowed after `[` and before `]`. [decodeList] accepts exactly
 * the texts the engine itself accepts for a whole list and throws on anything else; it must never return a
 * partial list. Both are called from several threads at once.
 */
public interface JsonListEngine<T> {
    /** Name used in error messages, e.g. "kotlinx Json". */
    public val name: String

    /**
     * True only when [decodeList] accepts nothing but JSON's own array syntax at the top level: `[`, elements
     * separated by exactly one comma, JSON whitespace, `]`, and nothing after it (no leading, trailing or double
     * comma, no comment, no stop character). Then a slice that decodes is a run of whole elements, and guessed
     * cuts need no check. For other engines (the default) every slice's outline is verified before it is
     * decoded, and its element count compared with what the engine returns.
     */
    public val isStrict: Boolean get() = false

    /**
     * True when [decodeSlice] is strict even where [decodeList] is not: it returns a slice's elements only when the
     * slice has JSON's own array syntax at its top level (as [isStrict] describes) and its last element is whole,
     * and fails on anything else, a last element cut short at a comma inside it included. The layer then trusts a
     * slice that decodes, as it does a strict engine's, instead of scanning each slice's outline and counting its
     * elements before it is decoded. By default [isStrict].
     */
    public val decodesSlicesStrictly: Boolean get() = isStrict

    /** The JSON array of [elements], as the contract above renders it; throws the engine's own failure. */
    public fun encodeList(elements: List<T>): String

    /**
     * The text between the brackets of [encodeList]'s array of [elements], without whitespace before the closing
     * one: written so by an engine that can, to spare each chunk of a list one copy of its text (a chunk is
     * otherwise cut out of its own array); null where the engine writes only whole arrays, the default. An engine
     * that indents an array's elements (pretty printing) gives null: written alone they would not be indented.
     */
    public fun encodeElements(elements: List<T>): String? = null

    /** The whole list in the array [text], or the engine's own failure for that text (never a partial list). */
    public fun decodeList(text: String): List<T>

    /**
     * Whether [text] may be read in slices: false where its elements refer to one another by their place in the whole
     * text (fastjson2's `{"$ref": "$[0]"}`, object ids), which a slice read alone would resolve against itself; the
     * layer then leaves the text to [decodeList]. A check that reads the whole text costs the call little: the layer
     * asks while the pool begins the slices, and on false cancels them (those already reading finish, their elements
     * unused). By default true.
     */
    public fun splits(text: String): Boolean = true

    /**
     * The elements of [slice], an array text the layer made of a run of elements it cut out of a larger array text.
     * By default [decodeList]; an engine that [decodesSlicesStrictly] fails here on what JSON's array syntax does not
     * allow at the top level, even where [decodeList] would read it.
     */
    public fun decodeSlice(slice: String): List<T> = decodeList(slice)

    /**
     * The elements of `text[from until to]`, a run of elements the layer cut out of the larger array [text] (from just
     * after its opening bracket or a comma between its elements to just before the next one): what [decodeSlice]
     * gives for the array text `[`, that run, `]`, and by default exactly that. An engine that reads a part of a text
     * where it lies overrides it to spare each slice its copies; it must read nothing of [text] outside the run.
     */
    public fun decodeSlice(text: String, from: Int, to: Int): List<T> =
        decodeSlice("[" + text.substring(from, to) + "]")

    /**
     * The elements of the array [text] as the engine reads them one at a time from a stream, each passed to [sink]
     * as it is read, then the failure that ends the reading, if one does. A stream read may take a valid value
     * from the front of a broken element before failing at what follows it (kotlinx takes `true` from `truex`),
     * where [decodeList] fails at once. By default: [decodeList]'s elements, or its failure.
     */
    public fun decodeElements(text: String, sink: (T) -> Unit): Unit = decodeList(text).forEach(sink)
}
