package serialbench.parallel.internal.engine

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.listSerialDescriptor
import kotlinx.serialization.encoding.Encoder
import java.util.concurrent.ConcurrentHashMap

/**
 * Writers of a value of [inner] a number of arrays deep, each array around the next holding one element: a
 * pretty-printing `Json` indents the value as one at that depth of a document. A chunk of a member deep in a
 * document is written so ([ListEngine.encodeListNested]), in `Json`'s own indentation, then cut out of the arrays
 * around it. Thread safe.
 */
internal class NestedArrays<V>(private val inner: SerializationStrategy<V>) {
    private val writers = ConcurrentHashMap<Int, SerializationStrategy<V>>()

    /** The writer of a value [levels] arrays deep (at least 1), made once. */
    fun writer(levels: Int): SerializationStrategy<V> {
        require(levels > 0) { "levels <= 0: $levels" }
        writers[levels]?.let { return it }
        var writer = inner
        repeat(levels) { writer = Nested(writer) }
        return writers.putIfAbsent(levels, writer) ?: writer
    }

    /** An array holding the one value [element] writes. */
    @OptIn(ExperimentalSerializationApi::class)
    private class Nested<V>(private val element: SerializationStrategy<V>) : SerializationStrategy<V> {
        override val descriptor: SerialDescriptor = listSerialDescriptor(element.descriptor)

        override fun serialize(encoder: Encoder, value: V) {
            val array = encoder.beginCollection(descriptor, 1)
            array.encodeSerializableElement(descriptor, 0, element, value)
            array.endStructure(descriptor)
        }
    }
}
