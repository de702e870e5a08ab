package serialbench.parallel.internal.document

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.nonNullOriginal

/**
 * The classes on the way from a document's root to its places, by element index: the decoders and encoders that
 * follow a document ([DocumentDecoding], [DocumentEncoding]) step aside from kotlinx only at these.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class PlaceTree<P>(descriptor: SerialDescriptor) {
    /** The class's descriptor, not nullable: a nullable member's class begins its structure with this one. */
    val descriptor: SerialDescriptor = descriptor.nonNullOriginal

    val children = HashMap<Int, PlaceTree<P>>()
    val places = HashMap<Int, P>()

    /** What was added at the member [path], or null. */
    fun at(path: List<String>): P? {
        var node = this
        for ((i, name) in path.withIndex()) {
            val index = node.descriptor.getElementIndex(name)
            if (index < 0) return null
            if (i == path.lastIndex) return node.places[index]
            node = node.children[index] ?: return null
        }
        return null
    }

    /** Adds [place] at the member [path] (names from this class), or returns false where a name is unknown. */
    fun add(path: List<String>, place: P): Boolean {
        var node = this
        for ((i, name) in path.withIndex()) {
            val index = node.descriptor.getElementIndex(name)
            if (index < 0) return false
            if (i == path.lastIndex) {
                node.places[index] = place
            } else {
                val child = node.descriptor.getElementDescriptor(index)
                node = node.children.getOrPut(index) { PlaceTree(child) }
            }
        }
        return true
    }
}
