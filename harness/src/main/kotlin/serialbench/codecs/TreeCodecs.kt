package serialbench.codecs

import serialbench.codec.Codec
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.TreeSupport
import serialbench.registration.CodecRegistration
import serialbench.registration.TreeMode

/**
 * The closed registry of tree modes, by the id of the codec whose library each uses. A JSON codec without one
 * here and any other format are unsupported, with the reason the report shows.
 */
object TreeCodecs {
    /** Why a binary codec has no tree mode. */
    const val NEEDS_JSON = "tree mode needs a JSON codec"

    /** Why a JSON codec without an entry here has no tree mode. */
    const val NO_TREE_MODE = "no tree mode is defined for this codec (see its `CodecRegistration`)"

    /** How [codec] measures a document in tree mode; parallel tree codecs get [threads] threads. */
    fun support(codec: Codec, threads: Int): TreeSupport {
        if (codec.format != Codec.Format.JSON) return TreeSupport.Unsupported(NEEDS_JSON)
        return when (val entry = entries[codec.id]) {
            null -> TreeSupport.Unsupported(NO_TREE_MODE)
            is TreeMode.SameAs -> TreeSupport.Unsupported(entry.reason)
            is TreeMode.Tree -> TreeSupport.Supported(entry.create(threads))
        }
    }

    /** The tree mode each codec registered ([CodecRegistration.tree]). */
    private val entries: Map<String, TreeMode> by lazy {
        Codecs.registrations.mapNotNull { registration -> registration.tree?.let { registration.id to it } }.toMap()
    }
}
