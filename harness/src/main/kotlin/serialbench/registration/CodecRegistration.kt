package serialbench.registration

import serialbench.codec.Codec
import serialbench.codec.tree.TreeCodec

/**
 * One codec as the harness knows it, declared once in the codec's folder: its [id], how to [create] it (from a
 * [CodecSetup]), its tree mode for `bench.input` ([tree], null for none), its decoders from a
 * stream ([decoders]) and, for a multithreaded layer, the single-threaded codec it drives ([parallelOf]), which the
 * report compares it with. `serialbench.codecs.Codecs` lists every registration; the tree-mode and decoder registries
 * read theirs from it.
 */
class CodecRegistration(
    val id: String,
    val create: (CodecSetup) -> Codec,
    val tree: TreeMode? = null,
    val decoders: List<DecoderEntry> = emptyList(),
    /** The id of the single-threaded codec whose work this one splits across threads, or null. */
    val parallelOf: String? = null,
) {
    init {
        require(
            decoders.all {
                it.codec == id
            },
        ) { "codec $id registers decoders of other codecs: ${decoders.map { it.label }}" }
    }
}

/** How a JSON codec reads a document of the user's as a tree (`bench.input`). */
sealed interface TreeMode {
    /** Its own tree mode, given the threads of a parallel one. */
    class Tree(val create: (threads: Int) -> TreeCodec) : TreeMode

    /** A codec whose tree mode would run the same code as another's, and why. */
    class SameAs(val reason: String) : TreeMode
}
