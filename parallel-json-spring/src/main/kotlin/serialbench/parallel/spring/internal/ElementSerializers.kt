package serialbench.parallel.spring.internal

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.encoding.AbstractDecoder
import kotlinx.serialization.modules.EmptySerializersModule
import kotlinx.serialization.modules.SerializersModule
import java.util.concurrent.ConcurrentHashMap

/**
 * The element serializer of a list serializer, found through kotlinx's public API: a list serializer asks its
 * decoder for each element with the element's serializer, so a decoder that offers one element and keeps what it
 * is asked with has it. Only `List`, `ArrayList` and `Collection` serializers (serial name
 * `kotlin.collections.ArrayList`) qualify; sets, arrays and custom serializers do not.
 */
internal object ElementSerializers {
    private val cache = ConcurrentHashMap<KSerializer<*>, Any>()
    private val none = Any()

    @Suppress("UNCHECKED_CAST")
    fun ofList(serializer: KSerializer<*>): KSerializer<Any?>? {
        val found = cache.getOrPut(serializer) { find(serializer) ?: none }
        return if (found === none) null else found as KSerializer<Any?>
    }

    @OptIn(ExperimentalSerializationApi::class)
    private fun find(serializer: KSerializer<*>): KSerializer<*>? {
        val descriptor = serializer.descriptor
        if (descriptor.kind != StructureKind.LIST || descriptor.serialName != LIST_NAME) return null
        val probe = Probe()
        try {
            serializer.deserialize(probe)
        } catch (e: Found) {
            return e.serializer
        } catch (e: RuntimeException) {
            return null
        }
        return null
    }

    private const val LIST_NAME = "kotlin.collections.ArrayList"

    /** Thrown by [Probe] with the serializer the list asked its first element with. */
    private class Found(val serializer: KSerializer<*>?) : RuntimeException(null, null, false, false)

    @OptIn(ExperimentalSerializationApi::class)
    private class Probe : AbstractDecoder() {
        override val serializersModule: SerializersModule = EmptySerializersModule()

        override fun decodeElementIndex(descriptor: SerialDescriptor): Int = 0

        override fun <T> decodeSerializableValue(deserializer: DeserializationStrategy<T>): T =
            throw Found(deserializer as? KSerializer<*>)
    }
}
