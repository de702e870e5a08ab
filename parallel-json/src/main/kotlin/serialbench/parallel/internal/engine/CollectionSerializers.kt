package serialbench.parallel.internal.engine

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.AbstractDecoder
import kotlinx.serialization.encoding.CompositeDecoder
import kotlinx.serialization.modules.EmptySerializersModule
import kotlinx.serialization.modules.SerializersModule

/**
 * Recognizes kotlinx's own `List` and `Map` serializers (`ListSerializer`, `MapSerializer`, and what `serializer()`
 * gives for `List<T>` and `Map<K, V>`), the only collections whose texts this library splits: a run of a list's
 * elements decodes to those elements, a run of a map's entries to those entries, and a sub-list or sub-map
 * encodes to a run of the whole one's text. A custom serializer with the same descriptor promises none of that,
 * so it is never recognized.
 *
 * The element serializers are not public in kotlinx; they are learned by letting the collection serializer read
 * one element from a decoder that records the serializer it is asked to use, then stops.
 */
internal object CollectionSerializers {
    private const val LIST_CLASS = "kotlinx.serialization.internal.ArrayListSerializer"
    private const val MAP_CLASS = "kotlinx.serialization.internal.LinkedHashMapSerializer"

    fun isList(strategy: Any): Boolean = strategy.javaClass.name == LIST_CLASS

    fun isMap(strategy: Any): Boolean = strategy.javaClass.name == MAP_CLASS

    /** Whether [strategy] is one of the two, whose texts can be split. */
    fun isSplittable(strategy: Any): Boolean = isList(strategy) || isMap(strategy)

    /** The element serializer of a list serializer ([isList]). */
    @Suppress("UNCHECKED_CAST")
    fun <T> listElement(list: DeserializationStrategy<List<T>>): KSerializer<T> =
        captured(list, elements = 1)[0] as KSerializer<T>

    /** The key and value serializers of a map serializer ([isMap]). */
    fun mapEntry(map: DeserializationStrategy<*>): Pair<KSerializer<*>, KSerializer<*>> =
        captured(map, elements = 2).let { it[0] to it[1] }

    /** The list serializer for [strategy], seen as one for a list of [T]; the caller checked [isList]. */
    @Suppress("UNCHECKED_CAST")
    fun <T> asList(strategy: SerializationStrategy<*>): SerializationStrategy<List<T>> =
        strategy as SerializationStrategy<List<T>>

    private fun captured(strategy: DeserializationStrategy<*>, elements: Int): List<KSerializer<*>> {
        val capture = Capture(elements)
        try {
            strategy.deserialize(capture)
        } catch (_: Captured) {
            return capture.serializers
        }
        error("${strategy.descriptor.serialName} read no element")
    }

    /** Reads a collection of one element sequentially and records the serializers asked for, then stops. */
    @OptIn(ExperimentalSerializationApi::class)
    private class Capture(private val elements: Int) : AbstractDecoder() {
        val serializers = ArrayList<KSerializer<*>>(elements)

        override val serializersModule: SerializersModule get() = EmptySerializersModule()

        override fun decodeElementIndex(descriptor: SerialDescriptor): Int = CompositeDecoder.DECODE_DONE

        override fun decodeSequentially(): Boolean = true

        override fun decodeCollectionSize(descriptor: SerialDescriptor): Int = 1

        override fun <T> decodeSerializableElement(
            descriptor: SerialDescriptor,
            index: Int,
            deserializer: DeserializationStrategy<T>,
            previousValue: T?,
        ): T {
            serializers += deserializer as KSerializer<*>
            if (serializers.size == elements) throw Captured
            @Suppress("UNCHECKED_CAST")
            return null as T
        }
    }

    private object Captured : RuntimeException(null, null, false, false) {
        private fun readResolve(): Any = Captured
    }
}
