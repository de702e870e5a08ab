package serialbench.parallel.internal.engine

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import serialbench.parallel.internal.scan.Brackets

/**
 * The engines of `JsonElement` trees (`TreeDocuments`): an array's elements and an object's members read by
 * `parseToJsonElement` (one tree reader per slice, where a list serializer of `JsonElement` starts one per element)
 * and written as `Json` writes a `JsonArray` or `JsonObject` of them.
 */
internal object JsonTreeEngines {
    fun elements(json: Json): ListEngine<JsonElement> = Elements(json)

    fun members(json: Json): ListEngine<Map.Entry<String, JsonElement>> = Members(json)

    private class Elements(private val json: Json) : ListEngine<JsonElement> {
        private val elementsWriter = ElementsWithCommas.of(json, JsonElement.serializer())
        private val nested = NestedArrays(JsonElement.serializer())

        override val name: String get() = "kotlinx Json"
        override val isStrict: Boolean get() = true
        override val readsSlicesAlike: Boolean get() = true

        override fun encodeList(elements: List<JsonElement>): String =
            json.encodeToString(JsonElement.serializer(), elements as? JsonArray ?: JsonArray(elements))

        override fun encodeElements(elements: List<JsonElement>): String? =
            elementsWriter?.let { json.encodeToString(it, elements) }

        override fun encodeListNested(elements: List<JsonElement>, levels: Int): String =
            json.encodeToString(nested.writer(levels), elements as? JsonArray ?: JsonArray(elements))

        override fun decodeList(text: String): List<JsonElement> =
            json.parseToJsonElement(text) as? JsonArray ?: throw SliceRefused

        override fun decodeElements(text: String, sink: (JsonElement) -> Unit) = decodeList(text).forEach(sink)
    }

    private class Members(private val json: Json) : ListEngine<Map.Entry<String, JsonElement>> {
        override val name: String get() = "kotlinx Json"
        override val isStrict: Boolean get() = true
        override val readsSlicesAlike: Boolean get() = true
        override val brackets: Brackets get() = Brackets.OBJECT

        private val nested = NestedArrays(JsonElement.serializer())

        override fun encodeList(elements: List<Map.Entry<String, JsonElement>>): String =
            json.encodeToString(JsonElement.serializer(), JsonObject(KotlinxJsonMapEngine.mapOf(elements)))

        override fun encodeListNested(elements: List<Map.Entry<String, JsonElement>>, levels: Int): String =
            json.encodeToString(nested.writer(levels), JsonObject(KotlinxJsonMapEngine.mapOf(elements)))

        override fun decodeList(text: String): List<Map.Entry<String, JsonElement>> =
            ArrayList((json.parseToJsonElement(text) as? JsonObject ?: throw SliceRefused).entries)

        override fun gather(slices: Int): PartGather<Map.Entry<String, JsonElement>> =
            KotlinxJsonMapEngine.gatherMap(slices)

        override fun decodeElements(text: String, sink: (Map.Entry<String, JsonElement>) -> Unit) =
            decodeList(text).forEach(sink)
    }
}
