package serialbench.codecs.fastjson2parallel

import com.alibaba.fastjson2.JSONArray
import com.alibaba.fastjson2.JSONObject
import kotlinx.serialization.Serializable
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.TestOrder
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.parallel.JsonDocumentEngine
import serialbench.parallel.ParallelJson
import serialbench.parallel.ParallelJsonDocuments
import java.util.concurrent.Executor
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicInteger
import kotlin.random.Random

/**
 * Differential test of fastjson2-parallel on documents: ParallelJson's layer over fastjson2's trees and over its
 * binding of classes writes fastjson2's bytes, reads fastjson2's values and fails with fastjson2's failures, on
 * generated documents (large lists at the top and in members at any depth) and broken ones; a splice broken on
 * purpose fails the check.
 */
@Order(TestOrder.UNIT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Fastjson2ParallelDocumentsTest {
    @Serializable
    data class Entry(val id: Long, val text: String, val score: Double, val tags: List<String>)

    @Serializable
    data class Page(val cursor: String?, val entries: List<Entry>, val count: Int)

    @Serializable
    data class Feed(
        val name: String,
        val posts: List<Entry>,
        val page: Page,
        val warnings: List<String>,
        val byKey: Map<String, Entry>,
    )

    private val pool = Executors.newFixedThreadPool(1)
    private val handed = AtomicInteger()
    private val executor = Executor { task -> handed.incrementAndGet().also { pool.execute(task) } }
    private val layers = mutableListOf<AutoCloseable>()
    private val classes = Fastjson2ClassDocuments(Feed::class.java)

    init {
        Fastjson2Codec().close()
    }

    @AfterAll
    fun close() {
        layers.forEach { it.close() }
        pool.shutdown()
    }

    @ParameterizedTest
    @ValueSource(ints = [1, 2, 3, 4])
    fun `a document of classes is written and read as fastjson2 alone does, its large lists and maps split`(seed: Int) {
        val layer = splitting(classes)
        val feed = feed(Random(seed))
        val before = handed.get()
        val text = layer.encodeToString(feed)
        assertThat(text).isEqualTo(classes.encodeDocument(feed))
        assertSameAsEngine(layer, classes, text)
        assertThat(layer.decodeFromString(text)).isEqualTo(feed)
        assertThat(handed.get()).describedAs("tasks handed to the pool").isGreaterThan(before)
        assertThat(layer.fallbacks().total).describedAs("fallbacks").isZero()
    }

    @ParameterizedTest
    @ValueSource(ints = [1, 2, 3, 4])
    fun `a tree is written and read as fastjson2 alone does, its large arrays split`(seed: Int) {
        val layer = splitting(Fastjson2TreeDocuments)
        val tree = Fastjson2TreeDocuments.decodeDocument(classes.encodeDocument(feed(Random(seed))))
        val before = handed.get()
        val text = layer.encodeToString(tree)
        assertThat(text).isEqualTo(Fastjson2TreeDocuments.encodeDocument(tree))
        assertSameAsEngine(layer, Fastjson2TreeDocuments, text)
        val array = JSONArray((tree as JSONObject)["posts"] as List<*>)
        assertThat(layer.encodeToString(array)).isEqualTo(Fastjson2TreeDocuments.encodeDocument(array))
        assertSameAsEngine(layer, Fastjson2TreeDocuments, Fastjson2TreeDocuments.encodeDocument(array))
        assertThat(handed.get()).describedAs("tasks handed to the pool").isGreaterThan(before)
    }

    @Test
    fun `a broken document fails with fastjson2's own failure on the whole text`() {
        val valid = classes.encodeDocument(feed(Random(9)))
        val posts = valid.indexOf("\"posts\":[") + 9
        val broken = listOf(
            valid.substring(0, valid.length / 2),
            valid.dropLast(1),
            valid + "x",
            valid.replaceRange(posts, posts + 1, "{,"),
            valid.replaceRange(posts, posts + 1, "]"),
            valid.replace("},{", "}{"),
            valid.replace("},{", "},,{"),
            valid.replaceFirst("\"score\":", "\"score\" "),
            valid.replace("\"tags\":[", "\"tags\":{"),
            "{\"posts\":[1,2,3]," + valid.substring(1),
        )
        for ((index, text) in broken.withIndex()) {
            assertSameAsEngine(splitting(classes), classes, text, "broken document $index")
            assertSameAsEngine(splitting(Fastjson2TreeDocuments), Fastjson2TreeDocuments, text, "broken tree $index")
        }
    }

    @Test
    fun `values that refer to one another by $ref read as fastjson2 alone resolves them, against the whole text`() {
        val valid = classes.encodeDocument(feed(Random(7)))
        val reference = Regex.escapeReplacement("{\"\$ref\":\"\$.posts[0]\"}")
        val referring = listOf(
            // Within the large list, far from what it refers to: a slice read alone would not resolve it.
            valid.replace(Regex("(\"posts\":\\[(?:\\{[^{}]*\\},){50})\\{[^{}]*\\}"), "$1$reference"),
            // In the skeleton, referring into the large list.
            valid.replace(Regex("(\"page\":\\{[^\\[]*\"entries\":\\[)\\{[^{}]*\\}"), "$1$reference"),
        )
        for ((index, text) in referring.withIndex()) {
            assertThat(text).describedAs("document $index").contains("\$.posts[0]")
            assertSameAsEngine(splitting(classes), classes, text, "referring document $index")
            assertSameAsEngine(splitting(Fastjson2TreeDocuments), Fastjson2TreeDocuments, text, "referring tree $index")
        }
        val list = Fastjson2ListEngine(Fastjson2Codec.Lists(Entry::class.java))
        val first = Regex.escapeReplacement("{\"\$ref\":\"\$[0]\"}")
        val entries = list.encodeList(feed(Random(8)).posts)
            .replace(Regex("^(\\[(?:\\{[^{}]*\\},){50})\\{[^{}]*\\}"), "$1$first")
        assertThat(entries).contains("\$[0]")
        ParallelJson.builder().parallelism(2).minParallelChars(64).adaptiveSplit(false).lists(list).use { layer ->
            assertThat(layer.decodeFromString(entries)).isEqualTo(list.decodeList(entries))
        }
    }

    @Test
    fun `a splice broken on purpose fails the differential check`() {
        val broken = object : JsonDocumentEngine<Feed> by classes {
            override fun filled(skeleton: Feed, parts: Map<List<String>, Any>): Feed =
                classes.filled(skeleton, parts.mapValues { (it.value as? List<*>)?.reversed() ?: it.value })
        }
        val text = classes.encodeDocument(feed(Random(5)))
        assertThatThrownBy { assertSameAsEngine(splitting(broken), classes, text) }
            .isInstanceOf(AssertionError::class.java)
    }

    private fun <D> splitting(engine: JsonDocumentEngine<D>): ParallelJsonDocuments<D> = ParallelJson.builder()
        .parallelism(2)
        .minParallelChars(64)
        .adaptiveSplit(false)
        .executor(executor)
        .documents(engine)
        .also { layers += it }

    /** [layer] reads [text] as [engine] does: the same value, or a failure of the same class and message. */
    private fun <D> assertSameAsEngine(
        layer: ParallelJsonDocuments<D>,
        engine: JsonDocumentEngine<D>,
        text: String,
        name: String = "a document",
    ) {
        val expected = runCatching { engine.decodeDocument(text) }
        val actual = runCatching { layer.decodeFromString(text) }
        val label = "$name: ${text.take(80)}... (${text.length} chars)"
        assertThat(actual.exceptionOrNull()?.javaClass).describedAs(label)
            .isEqualTo(expected.exceptionOrNull()?.javaClass)
        assertThat(actual.exceptionOrNull()?.message).describedAs(label).isEqualTo(expected.exceptionOrNull()?.message)
        assertThat(actual.getOrNull()).describedAs(label).isEqualTo(expected.getOrNull())
    }

    private fun feed(random: Random): Feed {
        fun entries(count: Int) = List(count) { i ->
            Entry(
                random.nextLong(),
                "entry \"$i\", [${random.nextInt(100)}]",
                random.nextDouble(),
                List(i % 3) {
                    "t$it"
                },
            )
        }
        return Feed(
            name = "feed ${random.nextInt()}",
            posts = entries(100 + random.nextInt(300)),
            page = Page(cursor = if (random.nextBoolean()) null else "c${random.nextInt()}", entries(80), 80),
            warnings = List(random.nextInt(3)) { "w$it" },
            byKey = entries(50 + random.nextInt(100)).associateBy { "key \"${it.id}\"" },
        )
    }
}
