package serialbench.codecs.fastjson2parallel

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONException
import com.alibaba.fastjson2.util.ParameterizedTypeImpl
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.shapes.flat.AdversarialData
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.flat.TestObject

/**
 * fastjson2's strict reading of a slice: what `parseArray` reads from JSON's own array syntax, and a failure for
 * anything else at the top level and for a last element cut short, so that ParallelJson can trust a slice that reads.
 */
@Order(TestOrder.UNIT)
class Fastjson2SlicesTest {
    private val lists = Fastjson2Codec.Lists(TestObject::class.java)
    private val slices = Fastjson2Slices(Fastjson2Codec.READ_FEATURES) { it.read(TestObject::class.java) }
    private val objects = TestDataGenerator(seed = 11).objects(5) + AdversarialData.objects
    private val elements = objects.map { lists.write(listOf(it)).removeSurrounding("[", "]") }

    @Test
    fun `a slice in JSON's own array syntax reads as parseArray reads it, whatever its whitespace`() {
        for (separator in listOf(",", " , ", ",\n  ", "\t,\r\n")) {
            for (text in listOf(
                elements.joinToString(separator, "[", "]"),
                elements.joinToString(separator, "[ ", "\n]"),
            )) {
                assertThat(slices.read(text)).`as`(text.take(40)).isEqualTo(lists.parse(text)).isEqualTo(objects)
            }
        }
        assertThat(slices.read("[]")).isEmpty()
        assertThat(slices.read("[" + elements[0] + "]")).containsExactly(objects[0])
    }

    @Test
    fun `a slice of any JSON values reads as parseArray reads it, into fastjson2's own tree types`() {
        val trees = Fastjson2Slices(emptyArray()) { it.readAny() }
        val text = """[1, -2, 3.5, 1e300, 12345678901234567890, 0.1, "a\"b\u00e9", true, false, null,
            {"a": [1, {"b": null}], "c": "d", "e": {}}, [], {}, [1.0, 2E-3, -0], "😀"]"""
        val expected = JSON.parseArray(text)
        val actual = trees.read(text)
        assertThat(actual).isEqualTo(expected)
        // The slice's own list is the layer's (it puts the elements of every slice into one list); its elements are
        // fastjson2's.
        assertThat(actual.flatMap(::typesOf)).isEqualTo(expected.flatMap(::typesOf))
    }

    @Test
    fun `an object's members read as parseObject reads them into a map, strictly at the top level`() {
        val members = Fastjson2Slices(Fastjson2Codec.READ_FEATURES, members = true) { reader ->
            reader.readFieldName() to reader.read<TestObject>(TestObject::class.java)
        }
        val mapType = ParameterizedTypeImpl(Map::class.java, String::class.java, TestObject::class.java)
        val named = elements.mapIndexed { i, element -> "\"key $i\": $element" }
        for (separator in listOf(",", " ,\n ")) {
            val text = named.joinToString(separator, "{ ", " }")
            val expected = JSON.parseObject<Map<String, TestObject>>(text, mapType, *Fastjson2Codec.READ_FEATURES)
            assertThat(members.read(text).toMap()).isEqualTo(expected)
            assertThat(members.read(text).map { it.first }).isEqualTo(named.indices.map { "key $it" })
        }
        val (a, b) = named
        for (text in listOf("{$a,$b,}", "{$a $b}", "{$a,,$b}", "{$a\u001a,$b}", "{$a/*c*/,$b}", "{$a,$b}x")) {
            assertThatThrownBy { members.read(text) }.`as`(text.takeLast(30)).isInstanceOf(JSONException::class.java)
        }
        assertThatThrownBy { members.read("{ }x") }.hasMessageContaining("does not end with '}'")
        val whole = named.joinToString(",", "{", "}")
        val topLevel = named.runningFold(0) { end, member -> end + member.length + 1 }.drop(1).toSet()
        // The closing brace may close the value instead (then the object is left open), or leave a class without a
        // member it must have: either way the slice fails.
        for (comma in whole.indices.filter { whole[it] == ',' && it !in topLevel }) {
            assertThatThrownBy { members.read(whole.substring(0, comma) + "}") }.`as`("cut at $comma")
                .isInstanceOf(RuntimeException::class.java)
        }
    }

    @Test
    fun `a run read where it lies in a larger text gives the elements of its copy between brackets`() {
        // The generated objects' text is Latin-1, which fastjson2 reads in place; the adversarial ones' is UTF-16.
        val latin1 = elements.take(5)
        assertThat(Fastjson2Slices.readsInPlace(latin1.joinToString(",", "[", "]"))).isTrue()
        assertThat(Fastjson2Slices.readsInPlace(elements.joinToString(",", "[", "]"))).isFalse()
        for (run in listOf(latin1, elements)) {
            for (text in listOf(run.joinToString(",", "[", "]"), run.joinToString(" ,\n ", "[\n ", "\n]"))) {
                val bounds = listOf(0) + topLevelCommas(text, run) + (text.length - 1)
                for (first in 0 until bounds.size - 1) {
                    for (last in first + 1 until bounds.size) {
                        val from = bounds[first] + 1
                        val to = bounds[last]
                        val copied = slices.read("[" + text.substring(from, to) + "]")
                        assertThat(copied).`as`("run $from until $to").isEqualTo(objects.subList(first, last))
                        assertThat(slices.read(text, from, to)).`as`("run $from until $to").isEqualTo(copied)
                        assertThat(slices.readRun(text, from, to)).`as`("run $from until $to").isEqualTo(copied)
                    }
                }
            }
        }
    }

    @Test
    fun `a run cut at any comma inside its last element fails, though the rest of the element follows it`() {
        for (run in listOf(elements.take(5), elements)) {
            val text = run.joinToString(",", "[", "]")
            val topLevel = topLevelCommas(text, run).toSet()
            val inner = text.indices.filter { text[it] == ',' && it !in topLevel }
            assertThat(inner).hasSizeGreaterThan(400)
            for (comma in inner) {
                assertThatThrownBy { slices.read(text, 1, comma) }.`as`("cut at $comma")
                    .isInstanceOf(JSONException::class.java)
            }
        }
    }

    /** The commas between the elements of [text], an array of [run]. */
    private fun topLevelCommas(text: String, run: List<String>): List<Int> {
        val commas = ArrayList<Int>()
        var at = text.indexOf(run[0]) + run[0].length
        for (element in run.drop(1)) {
            at = text.indexOf(',', at)
            commas.add(at)
            at = text.indexOf(element, at) + element.length
        }
        return commas
    }

    /** The classes of [value] and of everything in it, depth first. */
    private fun typesOf(value: Any?): List<String> = listOf(value?.javaClass?.name ?: "null") + when (value) {
        is Map<*, *> -> value.values.flatMap(::typesOf)
        is List<*> -> value.flatMap(::typesOf)
        else -> emptyList()
    }

    @Test
    fun `a slice with more than JSON's array syntax at the top level fails, where parseArray reads some of them`() {
        val (a, b) = elements
        val lenient = listOf(
            "[$a,$b,]",
            "[$a $b]",
            "[$a,$b]\u001a",
            "[$a\u001a,$b]",
            "[$a,$b]//",
            "[$a/*c*/,$b]",
            "[$a,/*c*/$b]",
            "[/*c*/$a]",
            "[$a,,$b]",
            "[,$a]",
            "[$a,$b]x",
            "[$a\u000c,$b]",
            "[[1,2]",
            "[$a,[1,2]",
        )
        assertThat(lenient.filter { runCatching { lists.parse(it) }.isSuccess }).`as`("read by parseArray").isNotEmpty()
        for (text in lenient) {
            assertThatThrownBy { slices.read(text) }.`as`(text.takeLast(30)).isInstanceOf(JSONException::class.java)
                .hasMessageContaining("offset")
        }
    }

    @Test
    fun `a slice cut at any comma inside its last element fails`() {
        val text = elements.joinToString(",", "[", "]")
        val topLevel = elements.runningFold(0) { end, element -> end + element.length + 1 }.drop(1).toSet()
        val inner = text.indices.filter { text[it] == ',' && it !in topLevel }
        assertThat(inner).hasSizeGreaterThan(500)
        for (comma in inner) {
            val slice = text.substring(0, comma) + "]"
            assertThatThrownBy { slices.read(slice) }.`as`("cut at $comma: ...${slice.takeLast(30)}")
                .isInstanceOf(JSONException::class.java)
        }
    }
}
