package serialbench.codec

import serialbench.data.Shape

/**
 * A decoded list held something other than its shape's elements: a null, or an object of another class. Libraries
 * that build objects from what the payload declares (Fory) or that accept a JSON `null` anywhere (the reflective
 * JSON libraries) can produce such a list from a corrupt or foreign payload; the codec refuses it rather than let the
 * caller meet a `ClassCastException` or `NullPointerException` later.
 */
class WrongElementTypeException(
    val codec: String,
    val shape: String,
    /** Index of the first offending element in the decoded list. */
    val index: Int,
    val size: Int,
    /** Class name of what was found there, or `null` for a null. */
    val found: String?,
    val expected: String,
) : IllegalArgumentException(
    "codec $codec, shape $shape: element $index of $size is ${found?.let { "a $it" } ?: "null"}, not a $expected",
)

/**
 * [decoded] as a list of [shape]'s elements, after checking that every element is a non-null instance of its element
 * class (one `isInstance` per element: cheap beside decoding it). What is inside each element is the library's to
 * check; see [ListCodec].
 *
 * @throws WrongElementTypeException at the first element that is null or of another class.
 */
internal fun <T : Any> checkedElements(codecId: String, shape: Shape<T>, decoded: List<*>): List<T> {
    val elementClass = shape.elementClass
    for ((index, element) in decoded.withIndex()) {
        if (!elementClass.isInstance(element)) {
            throw WrongElementTypeException(
                codecId,
                shape.id,
                index,
                decoded.size,
                element?.javaClass?.name,
                elementClass.name,
            )
        }
    }
    @Suppress("UNCHECKED_CAST")
    return decoded as List<T>
}
