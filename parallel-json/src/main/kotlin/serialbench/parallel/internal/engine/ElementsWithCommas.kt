package serialbench.parallel.internal.engine

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonEncoder
import kotlinx.serialization.json.JsonUnquotedLiteral

/**
 * Writes a list's elements as [Json] writes them inside the list's array, without the brackets: each element a value
 * of its own, an unquoted `,` between two. A chunk is then written as it goes between the brackets of the whole, not
 * cut out of its own array text (a copy of every character that `Json` does not make). For a compact [Json] only
 * ([of]): a pretty-printing one indents an array's elements one level deeper than values of their own.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class ElementsWithCommas<T> private constructor(private val element: KSerializer<T>) :
    SerializationStrategy<List<T>> {
    override val descriptor: SerialDescriptor = ListSerializer(element).descriptor

    override fun serialize(encoder: Encoder, value: List<T>) {
        val json = encoder as JsonEncoder
        for ((index, item) in value.withIndex()) {
            if (index > 0) json.encodeJsonElement(COMMA)
            json.encodeSerializableValue(element, item)
        }
    }

    companion object {
        private val COMMA = JsonUnquotedLiteral(",")

        /** The writer of [element]s for [json], or null where [json] pretty-prints. */
        fun <T> of(json: Json, element: KSerializer<T>): ElementsWithCommas<T>? =
            if (json.configuration.prettyPrint) null else ElementsWithCommas(element)
    }
}
