package serialbench.codec

import serialbench.data.Shape
import serialbench.data.isOneDocument

/**
 * How a codec carries the one document of a shape made of one (`bench.model` on a file whose top level is an object):
 * the document itself, as a service writes and reads it, with no list or brackets around it.
 *
 * Contract: `decodeDocument(encodeDocument(document)) == document`; thread safe; [decodeDocument] returns a
 * non-null instance of the shape's class or throws ([WrongElementTypeException] when the library built another).
 */
interface DocumentCodec<T : Any> {
    fun encodeDocument(document: T): Payload

    fun decodeDocument(payload: Payload): T
}

/**
 * The [ListCodec] of a one-document shape, whose only size is a list of one: [encode] writes the list's one element
 * with [document], [decode] reads it back and hands it over in a list of one (one reference, not a copy of the data),
 * so the timed calls are the codec's calls on the document and nothing else.
 */
class DocumentAsList<T : Any>(private val shapeId: String, val document: DocumentCodec<T>) : ListCodec<T> {
    override fun encode(objects: List<T>): Payload {
        require(objects.size == 1) {
            "shape $shapeId is one document, measured at size 1 only, not ${objects.size}: leave bench.sizes unset"
        }
        return document.encodeDocument(objects[0])
    }

    override fun decode(payload: Payload): List<T> = listOf(document.decodeDocument(payload))
}

/** [lists] for a shape of lists; [document] as the document itself for a one-document shape ([DocumentAsList]). */
fun <T : Any> listsOrDocument(
    shape: Shape<T>,
    lists: () -> ListCodec<T>,
    document: () -> DocumentCodec<T>,
): ListCodec<T> = if (shape.isOneDocument) DocumentAsList(shape.id, document()) else lists()

/** [decoded] as [shape]'s one document, after checking it is a non-null instance of its class. */
internal fun <T : Any> checkedDocument(codecId: String, shape: Shape<T>, decoded: Any?): T =
    checkedElements(codecId, shape, listOf(decoded))[0]
