package serialbench.parallel

import com.alibaba.fastjson2.JSON
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codec.Fastjson2Codec
import serialbench.data.AdversarialData
import serialbench.data.TestDataGenerator
import serialbench.model.TestObject

/** The parallel layer over another engine (fastjson2): identical bytes, results and failures to the engine's. */
@Order(TestOrder.PARALLEL_JSON)
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonListsTest {
    private val engine = object : JsonListEngine<TestObject> {
        override val name: String get() = "fastjson2"
        override fun encodeList(elements: List<TestObject>): String = JSON.toJSONString(elements)
        override fun decodeList(text: String): List<TestObject> = Fastjson2Codec.Lists(TestObject::class.java).parse(text)
    }
    private val instances = listOf(
        ParallelJsonLists(engine, parallelism = 2),
        ParallelJsonLists(engine, parallelism = 3, minParallelChars = 0),
    )
    private val objects = TestDataGenerator().objects(300)
    private val mixed = List(40) { AdversarialData.objects }.flatten() + objects.take(20)

    @AfterAll
    fun close() = instances.forEach { it.close() }

    @Test
    fun `encoding is byte-identical to the engine's for every size`() {
        for (parallel in instances) {
            for (size in listOf(0, 1, 2, 3, 10, 300)) {
                assertThat(parallel.encodeToString(objects.take(size))).isEqualTo(engine.encodeList(objects.take(size)))
            }
            assertThat(parallel.encodeToString(mixed)).isEqualTo(engine.encodeList(mixed))
        }
    }

    @Test
    fun `decoding returns what the engine returns`() {
        for (parallel in instances) {
            for (list in listOf(objects, mixed, objects.take(1), emptyList())) {
                val text = engine.encodeList(list)
                assertThat(parallel.decodeFromString(text)).isEqualTo(engine.decodeList(text)).isEqualTo(list)
            }
        }
    }

    @Test
    fun `malformed input fails exactly as the engine fails`() {
        val valid = engine.encodeList(objects)
        for (parallel in instances) {
            for (text in MalformedJson.variants(valid)) {
                val expected = runCatching { engine.decodeList(text) }
                val actual = runCatching { parallel.decodeFromString(text) }
                val description = "${text.length} chars ending '${text.takeLast(12)}' with $parallel"
                if (expected.isSuccess) {
                    assertThat(actual.getOrThrow()).`as`(description).isEqualTo(expected.getOrThrow())
                } else {
                    val error = expected.exceptionOrNull()!!
                    assertThat(actual.exceptionOrNull()).`as`(description).isExactlyInstanceOf(error.javaClass).hasMessage(error.message)
                }
            }
        }
    }
}
