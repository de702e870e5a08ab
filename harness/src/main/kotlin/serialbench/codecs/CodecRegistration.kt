package serialbench.codecs

import serialbench.codec.Codec
import serialbench.codec.tree.TreeCodec

/**
 * One codec as the harness knows it, declared once in the codec's folder: its [id], how to [create] it (parallel
 * codecs get the run's threads), its tree mode for `bench.input` ([tree], null for none) and its decoders from a
 * stream ([decoders]). [Codecs] lists every registration; [TreeCodecs] and [StreamingDecoders] read theirs from it.
 */
class CodecRegistration(
    val id: String,
    val create: (threads: Int) -> Codec,
    val tree: TreeMode? = null,
    val decoders: List<StreamingDecoders.Entry> = emptyList(),
) {
    init {
        require(decoders.all { it.codec == id }) { "codec $id registers decoders of other codecs: ${decoders.map { it.label }}" }
    }
}

/** How a JSON codec reads a document of the user's as a tree ([TreeCodecs]). */
sealed interface TreeMode {
    /** Its own tree mode; [arraysOnly] for one that splits a top-level array into slices. */
    class Tree(val arraysOnly: Boolean = false, val create: (threads: Int) -> TreeCodec) : TreeMode

    /** A codec whose tree mode would run the same code as another's, and why. */
    class SameAs(val reason: String) : TreeMode
}
