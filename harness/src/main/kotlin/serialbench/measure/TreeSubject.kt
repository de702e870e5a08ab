package serialbench.measure

import serialbench.codec.Payload
import serialbench.codec.SplitCounting
import serialbench.codec.tree.TreeCodec

/**
 * A JSON document in one library's tree mode: [deserialize] reads [document] (the user's file, exactly as it is)
 * into the library's tree, [serialize] writes the tree decoded once here back to JSON. Whether that tree keeps
 * the data is checked before, by the caller, and reported rather than refused: the user wants to know both.
 */
class TreeSubject(private val codec: TreeCodec, private val document: Payload) : Subject {
    private val tree: Any? = codec.decodeTree(document)

    override val payloadBytes: Int = document.sizeBytes

    override fun payloadContent(): ByteArray = document.toByteArray()

    override fun serialize(): Any? = codec.encodeTree(tree)

    override fun deserialize(): Any? = codec.decodeTree(document)

    override val splits: SplitCounting? get() = codec as? SplitCounting
}
