package serialbench.parallel

/**
 * A single-threaded JSON engine for maps of string keys to [V] (a JSON object of many members), which
 * [ParallelJsonDocuments] drives one chunk or slice of members at a time, as [JsonListEngine] does elements.
 *
 * Contract, relied on for byte-identical output: [encodeMap] renders a map the same way whatever its size, as `{`,
 * the members (`"key":value`) separated by `,`, and `}`, each member's text depending only on its own key and value.
 * [decodeMap] accepts exactly the texts the engine itself accepts for a whole object and throws on anything else; it
 * must never return a partial map. Both are called from several threads at once.
 */
public interface JsonMapEngine<V> {
    /** Name used in error messages, e.g. "fastjson2". */
    public val name: String

    /** As [JsonListEngine.isStrict], for an object's members. */
    public val isStrict: Boolean get() = false

    /** As [JsonListEngine.decodesSlicesStrictly], for [decodeSlice]. By default [isStrict]. */
    public val decodesSlicesStrictly: Boolean get() = isStrict

    /** The JSON object of [members], in their order, as the contract above renders it. */
    public fun encodeMap(members: Map<String, V>): String

    /** The whole map in the object [text], or the engine's own failure for that text (never a partial map). */
    public fun decodeMap(text: String): Map<String, V>

    /**
     * The members of [slice], an object text the layer made of a run of members it cut out of a larger object text,
     * as [JsonListEngine.decodeSlice] reads elements. By default [decodeMap].
     */
    public fun decodeSlice(slice: String): Map<String, V> = decodeMap(slice)

    /**
     * The members of `text[from until to]`, a run of members cut out of the larger object [text], as
     * [JsonListEngine.decodeSlice] reads a run of elements: by default [decodeSlice] of `{`, that run, `}`.
     */
    public fun decodeSlice(text: String, from: Int, to: Int): Map<String, V> =
        decodeSlice("{" + text.substring(from, to) + "}")
}
