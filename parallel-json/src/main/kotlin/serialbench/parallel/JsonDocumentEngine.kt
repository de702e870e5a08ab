package serialbench.parallel

/**
 * A single-threaded JSON engine for whole documents of [D] (its trees, or its binding of a service's classes),
 * whose large arrays [ParallelJsonDocuments] reads in slices and writes in chunks on several threads, each with
 * the [JsonListEngine] the engine gives for its path ([elements]).
 *
 * A *path* is the member names from the root object to an array (`["catalog", "events"]`); the empty path is a
 * document that is one array. Contract, relied on for byte-identical output and equal values:
 * - [encodeDocument] of a document is [encodeSkeleton] of it with the arrays at the given paths written `[]`, each
 *   `[]` then replaced by `elements(path).encodeList(list)` of that path's list ([lists]): a member's text depends
 *   on its own value only (no pretty printing by depth);
 * - [decodeDocument] of a text equals [filled] of the text's skeleton (its arrays at some paths emptied, decoded by
 *   [decodeDocument]) with each of those arrays decoded by `elements(path).decodeList`;
 * - every function may be called from several threads at once, and throws the engine's own failure.
 */
public interface JsonDocumentEngine<D> {
    /** Name used in error messages, e.g. "fastjson2". */
    public val name: String

    /** The whole [document] as the engine writes it. */
    public fun encodeDocument(document: D): String

    /** The whole document in [text], or the engine's own failure for that text. */
    public fun decodeDocument(text: String): D

    /**
     * The engine of the elements of the array at [path] in this engine's documents, or null where no array there is
     * ever split (a member that is not a list, or one the engine does not let split). Called once per path and kept.
     */
    public fun elements(path: List<String>): JsonListEngine<*>?

    /**
     * The lists of [document] that may be written in chunks, by path: those at paths where [elements] gives an
     * engine. The library writes a list in chunks only where that gains; the others are written as they are.
     */
    public fun lists(document: D): Map<List<String>, List<*>>

    /** [document] as [encodeDocument] writes it, except that each list at the [emptied] paths is written `[]`. */
    public fun encodeSkeleton(document: D, emptied: Set<List<String>>): String

    /**
     * [skeleton], which [decodeDocument] read from a text whose arrays at the paths of [lists] were empty, with
     * those lists put in their places: [skeleton] itself changed, or a new document. [skeleton] is this call's own.
     */
    public fun filled(skeleton: D, lists: Map<List<String>, List<*>>): D
}
