package serialbench.parallel.internal.engine

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.nullable
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.ClassDiscriminatorMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.JsonUnquotedLiteral
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.parallel.fixtures.Circle
import serialbench.parallel.fixtures.Color
import serialbench.parallel.fixtures.Figure
import serialbench.parallel.fixtures.Item
import serialbench.parallel.fixtures.Rect

/**
 * A chunk of a list written as its elements between the brackets of the whole ([ListEngine.encodeElements]) is the
 * text `Json` writes there, for every kind of element and every option that changes how an element is written; a
 * pretty-printing `Json` writes whole arrays only.
 */
class ElementsWithCommasTest {
    @JvmInline
    @Serializable
    value class Cents(val value: Long)

    /** Elements of one kind, written by an engine of one `Json`. */
    class Case<T>(private val name: String, val json: Json, val serializer: KSerializer<T>, val elements: List<T>) {
        internal val engine = KotlinxJsonListEngine(json, serializer)

        override fun toString() = name
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `a chunk's elements are the text between the brackets of their array`(case: Case<*>) {
        @Suppress("UNCHECKED_CAST")
        val engine = case.engine as KotlinxJsonListEngine<Any?>
        val array = engine.encodeList(case.elements)

        val elements = engine.encodeElements(case.elements)

        assertThat(elements).isEqualTo(array.substring(1, array.length - 1))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `a tree's elements are the text between the brackets of its array`(case: Case<*>) {
        val tree = case.json.encodeToJsonElement(
            kotlinx.serialization.builtins.ListSerializer(case.serializer.cast()),
            case.elements,
        ) as JsonArray
        val engine = JsonTreeEngines.elements(case.json)
        val array = engine.encodeList(tree)

        assertThat(engine.encodeElements(tree)).isEqualTo(array.substring(1, array.length - 1))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `a pretty-printing Json writes whole arrays only`(case: Case<*>) {
        val pretty = Json(case.json) { prettyPrint = true }

        assertThat(KotlinxJsonListEngine(pretty, case.serializer).encodeElements(case.elements.cast())).isNull()
        assertThat(JsonTreeEngines.elements(pretty).encodeElements(listOf(JsonPrimitive(1)))).isNull()
    }

    companion object {
        private val items = List(3) { Item(it, "item \"$it\" \u0142\n", it * 1.5, null, listOf("a", "b")) } +
            Item(9, "last", -0.0, "note", null, Color.BLUE, comment = "\u2028")
        private val figures = listOf(Circle(1.0), Rect(2, 3), Rect(4, 5, null), Circle(Double.MIN_VALUE, true))
        private val trees: List<JsonElement> = listOf(
            JsonPrimitive(1),
            JsonNull,
            buildJsonObject { put("a", "b\u0000") },
            JsonUnquotedLiteral("1e400"),
            JsonArray(listOf(JsonPrimitive(true))),
        )

        @OptIn(ExperimentalSerializationApi::class)
        @JvmStatic
        fun cases(): List<Case<*>> {
            val everyDefault = Json { encodeDefaults = true }
            val noNulls = Json { explicitNulls = false }
            val allObjects = Json { classDiscriminatorMode = ClassDiscriminatorMode.ALL_JSON_OBJECTS }
            val arrayPolymorphism = Json { useArrayPolymorphism = true }
            return listOf(
                Case("classes", Json, Item.serializer(), items),
                Case("classes, defaults written", everyDefault, Item.serializer(), items),
                Case("classes, nulls left out", noNulls, Item.serializer(), items),
                Case("classes, every object discriminated", allObjects, Item.serializer(), items),
                Case("a sealed class", Json, Figure.serializer(), figures),
                Case("a sealed class, every object discriminated", allObjects, Figure.serializer(), figures),
                Case("a sealed class as arrays", arrayPolymorphism, Figure.serializer(), figures),
                Case("nullable classes", Json, Item.serializer().nullable, listOf(null, items[0], null)),
                Case("one element", Json, Item.serializer(), items.take(1)),
                Case("strings", Json, String.serializer(), listOf("", "\"", "\\", "\u0001", "\uD83D\uDE00", "a,b")),
                Case("doubles", Json, Double.serializer(), listOf(0.1, -0.0, 1e300, 5e-324)),
                Case(
                    "special doubles",
                    Json { allowSpecialFloatingPointValues = true },
                    Double.serializer(),
                    listOf(Double.NaN, Double.NEGATIVE_INFINITY, 1.0),
                ),
                Case("value classes", Json, Cents.serializer(), listOf(Cents(1), Cents(-2))),
                Case("unsigned numbers", Json, ULong.serializer(), listOf(ULong.MAX_VALUE, 0uL)),
                Case(
                    "maps",
                    Json,
                    MapSerializer(Int.serializer(), Item.serializer()),
                    listOf(
                        mapOf(1 to items[0]),
                        emptyMap(),
                    ),
                ),
                Case("trees", Json, JsonElement.serializer(), trees),
            )
        }

        @Suppress("UNCHECKED_CAST")
        private fun <T> Any?.cast(): T = this as T
    }
}
