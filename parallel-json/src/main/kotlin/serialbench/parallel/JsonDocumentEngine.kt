package serialbench.parallel

/**
 * A single-threaded JSON engine for whole documents of [D] (its trees, or its binding of a service's classes),
 * whose large arrays and maps (*parts*) [ParallelJsonDocuments] reads in slices and writes in chunks on several
 * threads, each with the engine the document engine gives for its path ([elements], [members]).
 *
 * A *path* is the member names from the root object to a part (`["catalog", "events"]`); the empty path is a
 * document that is one array. Contract, relied on for byte-identical output and equal values:
 * - [encodeDocument] of a document is [encodeSkeleton] of it with the parts at the given paths written `[]` or `{}`,
 *   each then replaced by the text its path's engine writes for that part ([parts]): a part's text depends on its
 *   own value only (no pretty printing by depth);
 * - [decodeDocument] of a text equals [filled] of the text's skeleton (its parts at some paths emptied, decoded by
 *   [decodeDocument]) with each of those parts decoded by its path's engine;
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
     * Whether [text] may be read in parts: false where its values refer to one another across the document
     * (fastjson2's `{"$ref": "$.data[0]"}`, object ids), which the skeleton or a part read alone would resolve against
     * itself; the layer then leaves the text to [decodeDocument]. By default true.
     */
    public fun splits(text: String): Boolean = true

    /**
     * The engine of the elements of an array at [path] in this engine's documents, or null where no array there is
     * ever split. Called once per path and kept.
     */
    public fun elements(path: List<String>): JsonListEngine<*>?

    /**
     * The engine of an object at [path] read as a map of its members, or null (the default) where no object there is
     * split: the object is followed member by member instead. Asked only where [elements] gives null; called once
     * per path and kept.
     */
    public fun members(path: List<String>): JsonMapEngine<*>? = null

    /**
     * The parts of [document] that may be written in chunks, by path: a `List` at a path where [elements] gives an
     * engine, a `Map<String, *>` where [members] does. The library writes a part in chunks only where that gains.
     */
    public fun parts(document: D): Map<List<String>, Any>

    /** [document] as [encodeDocument] writes it, except that each part at the [emptied] paths is written empty. */
    public fun encodeSkeleton(document: D, emptied: Set<List<String>>): String

    /**
     * [skeleton], which [decodeDocument] read from a text whose parts at the paths of [parts] were empty, with those
     * parts (a `List` or a `Map<String, *>`, as in [parts]) put in their places: [skeleton] itself changed, or a new
     * document. [skeleton] is this call's own.
     */
    public fun filled(skeleton: D, parts: Map<List<String>, Any>): D
}
