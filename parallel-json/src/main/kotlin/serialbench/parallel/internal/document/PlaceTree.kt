package serialbench.parallel.internal.document

import kotlinx.serialization.descriptors.SerialDescriptor

/**
 * The classes on the way from a document's root to its places, by element index: the decoders and encoders that
 * follow a document ([DocumentDecoding], [DocumentEncoding]) step aside from kotlinx only at these.
 */
internal class PlaceTree<P>(val descriptor: SerialDescriptor) {
    val children = HashMap<Int, PlaceTree<P>>()
    val places = HashMap<Int, P>()

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
