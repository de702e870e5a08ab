package serialbench.codecs.fastjson2

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONArray
import com.alibaba.fastjson2.JSONObject
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.documentset.DocumentSet
import serialbench.documentset.EventCatalog
import serialbench.documentset.Performance
import serialbench.documentset.Post
import serialbench.documentset.Timeline
import serialbench.shapes.flat.AdversarialData
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.flat.TestObject

/**
 * fastjson2's elements written alone ([fastjson2Elements], as `fastjson2-parallel` writes a list's chunks) are the
 * text between the brackets of the whole list as fastjson2 writes it, for classes and trees alike.
 */
@Order(TestOrder.UNIT)
class Fastjson2ElementsTest {
    /** One list: its whole array and its elements, as written by one of fastjson2's list writers. */
    class Case(val name: String, val whole: () -> String, val elements: () -> String) {
        override fun toString() = name
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `the elements written alone are the whole list's text between its brackets`(case: Case) {
        val whole = case.whole()
        assertThat(case.elements()).isEqualTo(whole.substring(1, whole.length - 1))
    }

    @Test
    fun `a pretty format is refused, naming it`() {
        assertThatThrownBy {
            fastjson2Elements(listOf(1, 2), arrayOf(com.alibaba.fastjson2.JSONWriter.Feature.PrettyFormat))
        }.hasMessage("fastjson2 elements are written compact, not with PrettyFormat")
    }

    companion object {
        private fun <T : Any> classes(name: String, type: Class<T>, list: List<T>): Case {
            val lists = Fastjson2Codec.Lists(type)
            return Case("$name as ${type.simpleName}", { lists.write(list) }, { lists.writeElements(list) })
        }

        private fun trees(name: String, array: List<Any?>): Case =
            Case("$name as a tree", { Fastjson2Tree.write(array) }, { Fastjson2Tree.writeElements(array) })

        /** Every array of [value] (a fastjson2 tree), depth first. */
        private fun arrays(value: Any?): List<JSONArray> = when (value) {
            is JSONArray -> listOf(value) + value.flatMap(::arrays)
            is JSONObject -> value.values.flatMap(::arrays)
            else -> emptyList()
        }

        @JvmStatic
        fun cases(): List<Case> {
            val catalog = DocumentSet.byId("catalog-1700kb-indent4").kind.make(7L, 40) as EventCatalog
            val timeline = DocumentSet.byId("timeline-40kb").kind.make(7L, 30) as Timeline
            val objects = TestDataGenerator().objects(50) + AdversarialData.objects
            val treeArrays = listOf(catalog, timeline).flatMap { arrays(JSON.parse(JSON.toJSONString(it))) }
            val mixed =
                JSONArray(listOf(null, 1, -2.5, 1e300, true, "a\"\\\u0001é\uD83D\uDE00", JSONObject(), JSONArray()))
            return listOf(
                classes("generated and adversarial objects", TestObject::class.java, objects),
                classes("one object", TestObject::class.java, objects.take(1)),
                classes("a catalog's performances", Performance::class.java, catalog.performances),
                classes("a timeline's posts", Post::class.java, timeline.statuses),
                trees("null, numbers, a boolean, escapes and empty values", mixed),
            ) +
                treeArrays.filter {
                    it.size > 1
                }.take(20).mapIndexed { i, array -> trees("array $i of two documents", array) }
        }
    }
}
