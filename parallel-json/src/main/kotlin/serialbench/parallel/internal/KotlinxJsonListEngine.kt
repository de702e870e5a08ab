package serialbench.parallel.internal

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeToSequence
import serialbench.parallel.ParallelJson

/** Drives kotlinx.serialization [Json] with a `ListSerializer` of the element [serializer]. */
internal class KotlinxJsonListEngine<T>(private val json: Json, private val serializer: KSerializer<T>) :
    ListEngine<T> {
    private val listSerializer = ListSerializer(serializer)

    override val name: String get() = "kotlinx Json"

    /**
     * Strict: [ParallelJson] decodes a text of a `Json` that relaxes the array syntax whole, not through this
     * layer.
     */
    override val isStrict: Boolean get() = true

    override fun encodeList(elements: List<T>): String = json.encodeToString(listSerializer, elements)

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
