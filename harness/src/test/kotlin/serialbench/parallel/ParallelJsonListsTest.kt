package serialbench.parallel

import com.alibaba.fastjson2.JSON
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.codecs.fastjson2parallel.Fastjson2ListEngine
import serialbench.parallel.ParallelJson
import serialbench.parallel.fixtures.MalformedJson
import serialbench.shapes.flat.AdversarialData
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.flat.TestObject

/** The parallel layer over another engine (fastjson2): identical bytes, results and failures to the engine's. */
@Order(TestOrder.PARALLEL_JSON)
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonListsTest {
    private val engine = Fastjson2Engine

    /** fastjson2 with its slices checked by the layer, and as `fastjson2-parallel` drives it: slices read strictly. */
    private val engines = listOf(engine, Fastjson2ListEngine(Fastjson2Codec.Lists(TestObject::class.java)))
    private val instances = engines.flatMap { engine ->
        listOf(
            ParallelJson.builder().parallelism(2).lists(engine),
            ParallelJson.builder().parallelism(3).minParallelChars(0).adaptiveSplit(false).lists(engine),
        )
    }
    private val objects = TestDataGenerator().objects(300)
    private val mixed = List(40) { AdversarialData.objects }.flatten() + objects.take(20)

    /** fastjson2 as an engine: lenient (it stops at `\u001a`, accepts a trailing comma). */
    object Fastjson2Engine : JsonListEngine<TestObject> {
        override val name: String get() = "fastjson2, slices checked"
        override fun encodeList(elements: List<TestObject>): String = JSON.toJSONString(elements)
        override fun decodeList(text: String): List<TestObject> =
            Fastjson2Codec.Lists(TestObject::class.java).parse(text)
    }

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
                    assertThat(
                        actual.exceptionOrNull(),
                    ).`as`(description).isExactlyInstanceOf(error.javaClass).hasMessage(error.message)
                }
            }
        }
    }

    @Test
    fun `a lenient engine that stops at a control character decodes the whole text as it does alone`() {
        val half = engine.encodeList(TestDataGenerator(seed = 7).objects(1000))
        val text = half + "\u001a}," + half
        val expected = engine.decodeList(text)
        assertThat(expected).hasSize(1000)
        for (parallel in instances) assertThat(parallel.decodeFromString(text)).`as`("$parallel").isEqualTo(expected)
    }

    @Test
    fun `a double comma where the exact scan cuts fails as the lenient engine fails`() {
        // Two slices; the first comma of `,,` just before the middle of the content, the second on it, so that
        // the exact scan cuts at the second comma and leaves the first as a trailing comma, which fastjson2 accepts.
        val elements = objects.take(40).map { engine.encodeList(listOf(it)).removeSurrounding("[", "]") }
        val prefix = "[" + elements.take(10).joinToString(",")
        val suffix = elements.drop(10).joinToString(",") + "]"
        val padding = " ".repeat(suffix.length - prefix.length)
        val text = "$prefix$padding,,$suffix"
        assertThat(text.indexOf(",,")).isEqualTo(1 + (text.length - 2) / 2 - 1)
        val error = runCatching { engine.decodeList(text) }.exceptionOrNull()
        assertThat(error).`as`("fastjson2 alone").isNotNull()
        for (engine in engines) {
            ParallelJson.builder().parallelism(2).minParallelChars(0).adaptiveSplit(false).chunksPerThread(1)
                .lists(engine).use { parallel ->
                    assertThatThrownBy {
                        parallel.decodeFromString(text)
                    }.`as`("$parallel").isExactlyInstanceOf(error!!.javaClass).hasMessage(error.message)
                }
        }
    }

    @Test
    fun `an unquoted name with an escape, which fastjson2 reads and the outline scan cannot, decodes as fastjson2's`() {
        // `{\"name":...}` is the name `"name` to fastjson2; the outline scan, which follows strings, would see `\` and
        // then a string. Such a text must go to the engine whole, from a fresh instance and from one that has
        // learned from the texts before it (and may cut them exactly).
        val elements = objects.take(60).map { engine.encodeList(listOf(it)).removeSurrounding("[", "]") }
        val texts = listOf(0, 29, 59).flatMap { bad ->
            val escaped = elements.mapIndexed { i, element -> if (i == bad) "{\\" + element.drop(1) else element }
            listOf(escaped.joinToString(",", "[", "]"), escaped.joinToString(", ", "[ ", " ]"))
        }
        for (engine in engines) assertReadAsAlone(texts, engine)
    }

    private fun assertReadAsAlone(texts: List<String>, engine: JsonListEngine<TestObject>) {
        fun splitting() = ParallelJson.builder().parallelism(2).minParallelChars(0).adaptiveSplit(false).lists(engine)
        splitting().use { learned ->
            for (text in texts) {
                val expected = runCatching { engine.decodeList(text) }
                for (actual in listOf(
                    runCatching { learned.decodeFromString(text) },
                    splitting().use { fresh -> runCatching { fresh.decodeFromString(text) } },
                )) {
                    val description = "the escape at ${text.indexOf("{\\")} of ${text.length} chars, ${engine.name}"
                    assertThat(actual.getOrNull()).`as`(description).isEqualTo(expected.getOrNull())
                    assertThat(actual.exceptionOrNull()?.message).`as`(description)
                        .isEqualTo(expected.exceptionOrNull()?.message)
                }
            }
        }
    }
}
