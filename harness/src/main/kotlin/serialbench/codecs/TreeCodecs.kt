package serialbench.codecs

import serialbench.codec.Codec
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.TreeSupport
import serialbench.registration.CodecRegistration
import serialbench.registration.TreeMode
import serialbench.results.JsonTopLevel

/**
 * The closed registry of tree modes, by the id of the codec whose library each uses. A JSON codec without one
 * here, any other format, and the parallel codecs on a document that is not an array are unsupported, with the
 * reason the report shows.
 */
object TreeCodecs {
    /** Why a binary codec has no tree mode. */
    const val NEEDS_JSON = "tree mode needs a JSON codec"

    /** Why a JSON codec without an entry here has no tree mode. */
    const val NO_TREE_MODE = "no tree mode is defined for this codec (see its `CodecRegistration`)"

    /** How [codec] measures a document whose top level is [topLevel]; parallel tree codecs get [threads] threads. */
    fun support(codec: Codec, topLevel: JsonTopLevel, threads: Int): TreeSupport {
        if (codec.format != Codec.Format.JSON) return TreeSupport.Unsupported(NEEDS_JSON)
        return when (val entry = entries[codec.id]) {
            null -> TreeSupport.Unsupported(NO_TREE_MODE)

            is TreeMode.SameAs -> TreeSupport.Unsupported(entry.reason)

            is TreeMode.Tree -> if (entry.arraysOnly && topLevel != JsonTopLevel.ARRAY) {
                TreeSupport.Unsupported(
                    "it splits a top-level array into slices, and this document is an ${topLevel.displayName}",
                )
            } else {
                TreeSupport.Supported(entry.create(threads))
            }
        }
    }

    /** The tree mode each codec registered ([CodecRegistration.tree]). */
    private val entries: Map<String, TreeMode> by lazy {
        Codecs.registrations.mapNotNull { registration -> registration.tree?.let { registration.id to it } }.toMap()
    }
}
