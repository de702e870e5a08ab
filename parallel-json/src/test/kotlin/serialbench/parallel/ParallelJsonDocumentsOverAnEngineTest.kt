package serialbench.parallel

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.parallel.fixtures.MalformedJson
import serialbench.parallel.fixtures.TreeDocumentEngine
import java.util.concurrent.Executor
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicInteger
import kotlin.random.Random

/**
 * Differential test of [ParallelJsonDocuments]: over an engine of whole documents it writes the engine's bytes, reads
 * the engine's values and fails with the engine's failures, on generated documents (large arrays at the top level
 * and in members at any depth, compact and indented) and on broken ones; and the check has teeth: a splice broken
 * on purpose fails it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonDocumentsOverAnEngineTest {
    private val pool = Executors.newFixedThreadPool(1)
    private val handed = AtomicInteger()
    private val executor = Executor { task -> handed.incrementAndGet().also { pool.execute(task) } }
    private val engine = TreeDocumentEngine()
    private val documents = splitting(engine)

    @AfterAll
    fun close() {
        documents.close()
        pool.shutdown()
    }

    @ParameterizedTest
    @ValueSource(ints = [1, 2, 3, 4, 5, 6, 7, 8])
    fun `a generated document is written and read as the engine alone does, its large arrays split`(seed: Int) {
        val document = document(Random(seed))
        splitting(engine).use { layer ->
            val before = handed.get()
            assertSameAsEngine(layer, document)
            assertSameAsEngine(layer, engine.encodeDocument(document))
            assertSameAsEngine(layer, indented(engine.encodeDocument(document)))
            assertThat(handed.get()).describedAs("tasks handed to the pool").isGreaterThan(before)
            assertThat(layer.fallbacks().total).describedAs("fallbacks").isZero()
        }
    }

    @Test
    fun `a document that is one array is split as a whole`() {
        val array = JsonArray(List(300) { item(Random(it), it) })
        val before = handed.get()
        assertSameAsEngine(documents, array)
        assertSameAsEngine(documents, engine.encodeDocument(array))
        assertThat(handed.get()).isGreaterThan(before)
    }

    @Test
    fun `a document of many small lists and no large one is the engine's own, nothing handed to the pool`() {
        val document = JsonObject(
            List(3_000) { i ->
                "member $i" to
                    JsonObject(mapOf("id" to JsonPrimitive(i), "tags" to JsonArray(List(3) { JsonPrimitive(it) })))
            }.toMap(),
        )
        ParallelJson.builder().parallelism(2).executor(executor).documents(engine).use { layer ->
            val before = handed.get()
            repeat(40) { assertSameAsEngine(layer, document) }
            assertThat(handed.get()).describedAs("tasks handed to the pool").isEqualTo(before)
            assertThat(layer.fallbacks().total).isZero()
        }
    }

    @Test
    fun `a text the engine does not let be split is its own whole reading, a document's not handed to the pool`() {
        // Texts that hold "whole" are the engine's alone, as a text whose values refer to one another would be.
        val referring = object : JsonDocumentEngine<JsonElement> by engine {
            override fun splits(text: String): Boolean = "whole" !in text

            override fun elements(path: List<String>): JsonListEngine<*>? = engine.elements(path)?.let {
                @Suppress("UNCHECKED_CAST")
                WholeWhereSaid(it as JsonListEngine<JsonElement>)
            }
        }
        val document = document(Random(11)) as JsonObject
        val whole = JsonObject(document + ("note" to JsonPrimitive("whole")))
        splitting(referring).use { layer ->
            val before = handed.get()
            assertSameAsEngine(layer, engine.encodeDocument(whole))
            assertSameAsEngine(layer, engine.encodeDocument(JsonArray(List(300) { item(Random(it), it) } + whole)))
            assertThat(handed.get()).describedAs("tasks handed to the pool").isEqualTo(before)
            assertSameAsEngine(layer, engine.encodeDocument(document))
            assertThat(handed.get()).describedAs("tasks handed to the pool").isGreaterThan(before)
            assertThat(layer.fallbacks().total).isZero()
        }
        @Suppress("UNCHECKED_CAST")
        val elements = WholeWhereSaid(engine.elements(emptyList()) as JsonListEngine<JsonElement>)
        ParallelJson.builder().parallelism(2).minParallelChars(64).adaptiveSplit(false).executor(executor)
            .lists(elements).use { lists ->
                // A list's slices begin on the pool while the engine is asked; its no cancels them, uncounted.
                val items = List(300) { item(Random(it), it) }
                val text = engine.encodeDocument(JsonArray(items + JsonPrimitive("whole")))
                assertThat(lists.decodeFromString(text)).isEqualTo(items + JsonPrimitive("whole"))
                assertThat(lists.splits().decodedInSlices).isZero()
                assertThat(lists.decodeFromString(engine.encodeDocument(JsonArray(items)))).isEqualTo(items)
                assertThat(lists.splits().decodedInSlices).isEqualTo(1L)
            }
    }

    @Test
    fun `a document read whole without a look is not asked about, the engine's question costs only a split`() {
        val asked = AtomicInteger()
        val counting = object : JsonDocumentEngine<JsonElement> by engine {
            override fun splits(text: String): Boolean = true.also { asked.incrementAndGet() }
        }
        val document = JsonObject(
            List(3_000) { i -> "member $i" to JsonObject(mapOf("id" to JsonPrimitive(i))) }.toMap(),
        )
        val text = engine.encodeDocument(document)
        ParallelJson.builder().parallelism(2).minParallelChars(64).executor(executor).documents(counting).use { layer ->
            assertThat(layer.decodeFromString(text)).isEqualTo(document)
            assertThat(asked.get()).describedAs("asked before its outline, which found no large part").isEqualTo(1)
            repeat(10) { assertThat(layer.decodeFromString(text)).isEqualTo(document) }
            assertThat(asked.get()).describedAs("the next calls of its kind, read whole without a look").isEqualTo(1)
        }
    }

    @Test
    fun `a document too short for any part to split is written whole without a look until a longer one comes`() {
        val looks = AtomicInteger()
        val counting = object : JsonDocumentEngine<JsonElement> by engine {
            override fun parts(document: JsonElement): Map<List<String>, Any> =
                engine.parts(document).also { looks.incrementAndGet() }
        }
        fun card(tags: Int) = JsonObject(
            mapOf("name" to JsonPrimitive("card"), "tags" to JsonArray(List(tags) { JsonPrimitive("tag $it") })),
        )
        ParallelJson.builder().parallelism(2).executor(executor).documents(counting).use { layer ->
            repeat(1_000) { assertSameAsEngine(layer, card(tags = 3)) }
            assertThat(looks.get()).describedAs("the first call looked, the others wrote whole").isEqualTo(1)
            // A card written whole more than twice as long: the call after it looks again.
            repeat(2) { assertSameAsEngine(layer, card(tags = 30)) }
            assertThat(looks.get()).isEqualTo(2)
            assertThat(layer.splits().encodedInChunks).isZero()
        }
    }

    @Test
    fun `a document that is one array is its engine's reading where a lenient engine of its elements reads more`() {
        @Suppress("UNCHECKED_CAST")
        val elements = engine.elements(emptyList()) as JsonListEngine<JsonElement>
        // Reads `},,{` as one comma, as fastjson2's parseArray does where its parse refuses it.
        val lenient = object : JsonListEngine<JsonElement> by elements {
            override val isStrict: Boolean get() = false

            override fun decodeList(text: String): List<JsonElement> = elements.decodeList(text.replace(",,", ","))
        }
        val withLenientElements = object : JsonDocumentEngine<JsonElement> by engine {
            override fun elements(path: List<String>): JsonListEngine<*>? = engine.elements(path)?.let { lenient }
        }
        val valid = engine.encodeDocument(JsonArray(List(300) { item(Random(it), it) }))
        splitting(withLenientElements).use { layer ->
            assertSameAsEngine(layer, valid)
            for (at in listOf(valid.indexOf("},{"), valid.lastIndexOf("},{"))) {
                assertSameAsEngine(layer, valid.substring(0, at + 2) + "," + valid.substring(at + 2))
            }
            assertThat(layer.fallbacks().documentFailed).describedAs("documents read whole by the engine").isPositive()
        }
    }

    /** [engine], except that a text holding "whole" is not to be split. */
    private class WholeWhereSaid(private val engine: JsonListEngine<JsonElement>) :
        JsonListEngine<JsonElement> by engine {
        override fun splits(text: String): Boolean = "whole" !in text
    }

    @Test
    fun `a broken document fails with the engine's own failure on the whole text`() {
        val valid = engine.encodeDocument(JsonArray(List(200) { item(Random(it), it) }))
        for (variant in MalformedJson.variants(valid)) {
            for (text in listOf(variant, """{"id":7,"items":$variant,"tail":{"more":$valid}}""")) {
                assertSameAsEngine(documents, text)
            }
        }
        val whole = engine.encodeDocument(document(Random(42)))
        for (cut in listOf(1, whole.length / 3, whole.length / 2, whole.length - 2, whole.length - 1)) {
            assertSameAsEngine(documents, whole.substring(0, cut))
        }
    }

    @Test
    fun `a splice broken on purpose fails the differential check`() {
        splitting(TreeDocumentEngine(brokenFill = true)).use { broken ->
            val text = engine.encodeDocument(document(Random(1)))
            assertThatThrownBy { assertSameAsEngine(broken, text) }.isInstanceOf(AssertionError::class.java)
        }
    }

    @Test
    fun `a skeleton without the empty array its contract promises is named as the engine's fault`() {
        val careless = object : JsonDocumentEngine<JsonElement> by engine {
            override fun encodeSkeleton(document: JsonElement, emptied: Set<List<String>>): String =
                engine.encodeDocument(document)
        }
        splitting(careless).use { layer ->
            assertThatThrownBy { layer.encodeToString(document(Random(3))) }
                .isInstanceOf(IllegalStateException::class.java)
                .hasMessageContaining("engine kotlinx trees wrote no empty array or object at")
        }
    }

    @Test
    fun `a skeleton the engine fails to write fails the call, and none of its chunks runs after it`() {
        val writing = AtomicInteger()
        val chunks = AtomicInteger()

        @Suppress("UNCHECKED_CAST")
        val elements = engine.elements(emptyList()) as JsonListEngine<JsonElement>
        val slow = object : JsonListEngine<JsonElement> by elements {
            override fun encodeList(elements: List<JsonElement>): String = writing { elements }

            override fun encodeElements(elements: List<JsonElement>): String? = null

            private fun writing(list: () -> List<JsonElement>): String {
                writing.incrementAndGet()
                try {
                    chunks.incrementAndGet()
                    Thread.sleep(2)
                    return elements.encodeList(list())
                } finally {
                    writing.decrementAndGet()
                }
            }
        }
        val failing = object : JsonDocumentEngine<JsonElement> by engine {
            override fun elements(path: List<String>): JsonListEngine<*>? = engine.elements(path)?.let { slow }

            override fun encodeSkeleton(document: JsonElement, emptied: Set<List<String>>): String =
                throw IllegalArgumentException("no skeleton for $emptied")
        }
        val document = JsonObject(mapOf("items" to JsonArray(List(400) { item(Random(it), it) })))
        splitting(failing).use { layer ->
            assertThatThrownBy { layer.encodeToString(document) }
                .isInstanceOf(IllegalArgumentException::class.java)
                .hasMessage("no skeleton for [[items]]")
            assertThat(writing.get()).describedAs("chunks being written after the call threw").isZero()
            val written = chunks.get()
            Thread.sleep(50)
            assertThat(chunks.get()).describedAs("chunks begun after the call threw").isEqualTo(written)
        }
    }

    private fun splitting(engine: JsonDocumentEngine<JsonElement>) = ParallelJson.builder()
        .parallelism(2)
        .minParallelChars(64)
        .adaptiveSplit(false)
        .executor(executor)
        .documents(engine)

    /** The layer's text of [document] is the engine's, and reads back as the engine reads it. */
    private fun assertSameAsEngine(layer: ParallelJsonDocuments<JsonElement>, document: JsonElement) {
        val text = layer.encodeToString(document)
        assertThat(text).isEqualTo(engine.encodeDocument(document))
        assertSameAsEngine(layer, text)
    }

    /** The layer reads [text] as the engine does: the same value, or a failure of the same class and message. */
    private fun assertSameAsEngine(layer: ParallelJsonDocuments<JsonElement>, text: String) {
        val expected = runCatching { engine.decodeDocument(text) }
        val actual = runCatching { layer.decodeFromString(text) }
        val label = "decoding ${text.take(60)}... (${text.length} chars)"
        if (expected.isSuccess) {
            assertThat(actual.exceptionOrNull()).describedAs(label).isNull()
            assertThat(actual.getOrNull()).describedAs(label).isEqualTo(expected.getOrNull())
        } else {
            val failure = actual.exceptionOrNull()
            assertThat(failure).describedAs(label).isNotNull()
            assertThat(failure!!.javaClass).describedAs(label).isEqualTo(expected.exceptionOrNull()!!.javaClass)
            assertThat(failure.message).describedAs(label).isEqualTo(expected.exceptionOrNull()!!.message)
        }
    }

    /** An object with small members, large arrays at the top and one or two levels down, and a nested wrapper. */
    private fun document(random: Random): JsonElement {
        fun items(count: Int) = JsonArray(List(count) { item(random, it) })
        val inner = buildMap {
            put("name", JsonPrimitive("inner ${random.nextInt()}"))
            put("events", items(50 + random.nextInt(200)))
            if (random.nextBoolean()) put("empty", JsonArray(emptyList()))
            put("small", items(1))
        }
        return JsonObject(
            buildMap {
                put("id", JsonPrimitive(random.nextLong()))
                put("tags", JsonArray(List(3) { JsonPrimitive("t$it") }))
                put("posts", items(100 + random.nextInt(300)))
                put("meta", JsonObject(mapOf("page" to JsonPrimitive(1), "cursor" to JsonNull)))
                put("wrapper", JsonObject(mapOf("inner" to JsonObject(inner))))
                if (random.nextBoolean()) put("numbers", JsonArray(List(500) { JsonPrimitive(random.nextDouble()) }))
                put("mapOfItems", JsonObject(List(100 + random.nextInt(100)) { "key $it" to item(random, it) }.toMap()))
                put("done", JsonPrimitive(random.nextBoolean()))
            },
        )
    }

    private fun item(random: Random, index: Int): JsonElement = JsonObject(
        mapOf(
            "index" to JsonPrimitive(index),
            "name" to JsonPrimitive("item \"$index\", [${random.nextInt(1000)}]"),
            "score" to JsonPrimitive(random.nextDouble()),
            "children" to JsonArray(List(random.nextInt(3)) { JsonPrimitive(it) }),
        ),
    )

    /** [compact] indented two spaces by depth, as a pretty printer writes it. */
    private fun indented(compact: String): String = kotlinx.serialization.json.Json { prettyPrint = true }.let {
        it.encodeToString(JsonElement.serializer(), it.parseToJsonElement(compact))
    }
}
