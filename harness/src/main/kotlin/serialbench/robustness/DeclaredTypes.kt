package serialbench.robustness

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.encoding.AbstractEncoder
import kotlinx.serialization.modules.EmptySerializersModule
import kotlinx.serialization.modules.SerializersModule

/**
 * Whether a value holds what its Kotlin type declares, at every depth: a non-null `String` property that holds a
 * null, a `List<String>` that holds a null or a `Duration`. Libraries that build objects by reflection (Gson through
 * `Unsafe`, any of them for a JSON `null` in a list) can produce such values; the compiler-generated serializer
 * cannot walk them. The check walks the value with its kotlinx serializer into an encoder that writes nothing, so
 * the serializer's own casts and null checks find what is wrong.
 */
internal object DeclaredTypes {
    /** `null` if [value] holds only what [serializer]'s type declares, else what is wrong. */
    fun <T> violation(serializer: SerializationStrategy<T>, value: T): String? = try {
        serializer.serialize(DiscardingEncoder(), value)
        null
    } catch (e: RuntimeException) {
        "${e.javaClass.simpleName}: ${e.message}"
    }

    @OptIn(ExperimentalSerializationApi::class)
    private class DiscardingEncoder : AbstractEncoder() {
        override val serializersModule: SerializersModule = EmptySerializersModule()

        override fun encodeValue(value: Any) {}

        // A null where the type allows one (AbstractEncoder refuses every null by default).
        override fun encodeNull() {}

        // Overridden so that Kotlin's null check on the parameter runs here, whatever the library was compiled with.
        override fun encodeString(value: String) {}
    }
}
