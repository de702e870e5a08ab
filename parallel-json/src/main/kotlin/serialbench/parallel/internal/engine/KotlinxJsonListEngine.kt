package serialbench.parallel.internal.engine

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.SerialKind
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeToSequence

/** Drives kotlinx.serialization [Json] with a `ListSerializer` of the element [serializer]. */
internal class KotlinxJsonListEngine<T>(private val json: Json, private val serializer: KSerializer<T>) :
    ListEngine<T> {
    private val listSerializer = ListSerializer(serializer)
    private val elementsWriter = ElementsWithCommas.of(json, serializer)
    private val nested = NestedArrays(listSerializer)

    override val name: String get() = "kotlinx Json"

    /**
     * Strict: `ParallelJson` decodes a text of a `Json` that relaxes the array syntax whole, not through this
     * layer.
     */
    override val isStrict: Boolean get() = true
    override val readsSlicesAlike: Boolean get() = true

    override fun encodeList(elements: List<T>): String = json.encodeToString(listSerializer, elements)

    override fun encodeElements(elements: List<T>): String? = elementsWriter?.let { json.encodeToString(it, elements) }

    override fun encodeListNested(elements: List<T>, levels: Int): String =
        json.encodeToString(nested.writer(levels), elements)

    override fun decodeList(text: String): List<T> = json.decodeFromString(listSerializer, text)

    @OptIn(ExperimentalSerializationApi::class)
    override fun decodeElements(text: String, sink: (T) -> Unit) =
        json.decodeToSequence(text.byteInputStream(), serializer, DecodeSequenceMode.ARRAY_WRAPPED).forEach(sink)
}

/**
 * False for a [json] whose options change how array texts are tokenized (`isLenient`, `allowComments`,
 * `allowTrailingComma`): its texts cannot be cut between elements without a full parse, so they decode whole.
 */
@OptIn(ExperimentalSerializationApi::class)
internal fun splitsArrays(json: Json): Boolean {
    val configuration = json.configuration
    return !(configuration.isLenient || configuration.allowComments || configuration.allowTrailingComma)
}

/**
 * The strict reading of [json]: a copy without `isLenient` and `allowTrailingComma`, whose every accepted text
 * [json] reads to the same value (those options only widen what is accepted), so a lenient `Json`'s texts are read
 * by the copy, split, and only a text the copy refuses is left to [json] whole. [json] itself when it
 * [splitsArrays], or when it has `allowComments`: a strict reading takes the slashes of a comment for the
 * characters of a literal (`//` is a `JsonElement`), so it could accept a text with another value.
 */
@OptIn(ExperimentalSerializationApi::class)
internal fun strictReading(json: Json): Json = if (splitsArrays(json) || json.configuration.allowComments) {
    json
} else {
    Json(json) {
        isLenient = false
        allowTrailingComma = false
    }
}

/**
 * Whether [json] writes and reads a map of this [map] descriptor as a JSON object: always without
 * `allowStructuredMapKeys`; with it, only for primitive and enum keys (others are written as an array of keys
 * and values, which is not split).
 */
@OptIn(ExperimentalSerializationApi::class)
internal fun mapIsObject(json: Json, map: SerialDescriptor): Boolean {
    if (!json.configuration.allowStructuredMapKeys) return true
    val key = map.getElementDescriptor(0).kind
    return key is PrimitiveKind || key == SerialKind.ENUM
}
