package serialbench.parallel

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.decodeFromString
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encodeToString
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNames
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.JsonTransformingSerializer
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.Executor
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicInteger

/**
 * Documents whose bulk is a list or map inside objects decode and encode exactly as `Json` does, split on the pool
 * where they can be, whole where they cannot.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonDocumentsTest {
    private val parallel = ParallelJson(Json) {
        parallelism = 2
        minParallelChars = 0
        adaptiveSplit = false
    }
    private val records = Records.generate(200) + Records.adversarial

    @AfterAll
    fun close() = parallel.close()

    @Serializable
    data class Paging(val next: String?, val total: Int = 0)

    @Serializable
    data class Response(val query: String, val data: List<Record>, val paging: Paging, val warnings: List<String>)

    @Serializable
    data class Outer(val meta: Map<String, Int>, val response: Response, val extra: List<Record>? = null)

    @Serializable
    data class Catalog(val version: Int, val items: Map<String, Record>)

    @Serializable
    data class Twice(val first: List<Record>, val second: List<Record>, val paging: Paging)

    @Serializable
    data class Named(@JsonNames("rows") val data: List<Record>)

    @Serializable
    data class Nest(val inner: Nest? = null, val data: List<Record> = emptyList())

    @Serializable
    data class Recorded(
        val data: List<
            @Serializable(with = ThreadRecording::class)
            Record,
            >,
    )

    private fun response() = Response("q \"x\"", records, Paging("c-2", records.size), listOf("a", "b"))

    private fun <T> assertSameAsJson(serializer: KSerializer<T>, value: T, json: Json = Json) {
        val subject = if (json ===
            Json
        ) {
            parallel
        } else {
            ParallelJson(json) {
                parallelism = 2
                minParallelChars = 0
                adaptiveSplit = false
            }
        }
        val text = json.encodeToString(serializer, value)
        assertThat(subject.encodeToString(serializer, value)).isEqualTo(text)
        assertThat(subject.decodeFromString(serializer, text)).isEqualTo(value)
        assertThat(subject.decodeFromByteArray(serializer, text.encodeToByteArray())).isEqualTo(value)
        assertThat(subject.decodeFromStream(serializer, text.byteInputStream())).isEqualTo(value)
        if (subject !== parallel) subject.close()
    }

    @Test
    fun `a response object with a large list member is what Json makes of it`() {
        assertSameAsJson(Response.serializer(), response())
        assertSameAsJson(
            Response.serializer(),
            response(),
            Json {
                encodeDefaults = true
                explicitNulls = false
            },
        )
    }

    @Test
    fun `a list two objects deep, a map member and a null list are what Json makes of them`() {
        val outer = Outer(mapOf("a" to 1, "b" to 2), response(), extra = records.take(50))
        assertSameAsJson(Outer.serializer(), outer)
        assertSameAsJson(Outer.serializer(), outer.copy(extra = null))
    }

    @Test
    fun `a catalog keyed by id, a top-level map and a list of lists are what Json makes of them`() {
        val catalog = Catalog(3, records.withIndex().associate { (i, r) -> "id-$i" to r })
        assertSameAsJson(Catalog.serializer(), catalog)
        assertSameAsJson(MapSerializer(String.serializer(), Record.serializer()), catalog.items)
        assertSameAsJson(ListSerializer(ListSerializer(Record.serializer())), records.chunked(7))
        assertSameAsJson(Catalog.serializer(), catalog, Json { prettyPrint = true })
    }

    @Test
    fun `pretty-printed members at every depth are written in chunks for their depth, as Json writes them`() {
        val outer = Outer(mapOf("a" to 1, "b" to 2), response(), extra = records.take(50))
        val nest = Nest(Nest(Nest(data = records), data = records.take(3)))
        val catalog = Catalog(3, records.withIndex().associate { (i, r) -> "id-$i" to r })
        val tree = Json.parseToJsonElement(Json.encodeToString(Outer.serializer(), outer))
        CountingPool().use { pool ->
            for (indent in listOf("    ", "\t", "  ", " \t\r")) {
                val pretty = Json {
                    prettyPrint = true
                    prettyPrintIndent = indent
                }
                pool.parallelJson(pretty).use {
                    assertThat(it.encodeToString(Outer.serializer(), outer))
                        .isEqualTo(pretty.encodeToString(Outer.serializer(), outer))
                    assertThat(it.encodeToString(Nest.serializer(), nest))
                        .isEqualTo(pretty.encodeToString(Nest.serializer(), nest))
                    assertThat(it.encodeToString(Catalog.serializer(), catalog))
                        .isEqualTo(pretty.encodeToString(Catalog.serializer(), catalog))
                    assertThat(it.encodeToString(JsonElement.serializer(), tree))
                        .isEqualTo(pretty.encodeToString(JsonElement.serializer(), tree))
                    assertThat(it.fallbacks().markerInText).`as`("indent %s", indent).isZero()
                }
                assertThat(pool.handed.getAndSet(0)).`as`("chunks written with indent %s", indent).isGreaterThan(4)
            }
        }
    }

    @Test
    fun `a map whose entries are fewer or more than its size says is written as Json writes it`() {
        val items = records.withIndex().associate { (i, r) -> "id-$i" to r }
        for (claimed in listOf(items.size + 50, items.size / 2)) {
            val misSized = MisSized(items, claimed)
            val catalog = Catalog(3, misSized)
            val changedBefore = parallel.fallbacks().mapChanged
            val chunkedBefore = parallel.splits().encodedInChunks
            assertThat(parallel.encodeToString(Catalog.serializer(), catalog))
                .`as`("${items.size} entries, size $claimed")
                .isEqualTo(Json.encodeToString(Catalog.serializer(), catalog))
            val map = MapSerializer(String.serializer(), Record.serializer())
            assertThat(parallel.encodeToString(map, misSized)).isEqualTo(Json.encodeToString(map, misSized))
            // Each map begun in chunks gave the wrong number of entries: its chunks were cancelled, and counted.
            val chunked = parallel.splits().encodedInChunks - chunkedBefore
            assertThat(chunked).`as`("maps begun in chunks, size $claimed").isPositive()
            assertThat(parallel.fallbacks().mapChanged - changedBefore).`as`("maps changed, size $claimed")
                .isEqualTo(chunked)
        }
    }

    /** A map whose size is [claimed], whatever its entries: one that changed while it was written. */
    private class MisSized<K, V>(real: Map<K, V>, private val claimed: Int) : AbstractMap<K, V>() {
        override val entries: Set<Map.Entry<K, V>> = object : AbstractSet<Map.Entry<K, V>>() {
            override val size: Int get() = claimed

            override fun iterator(): Iterator<Map.Entry<K, V>> = real.entries.iterator()
        }
    }

    @Test
    fun `a large map whose keys come again in later slices is what Json makes of it, in Json's order`() {
        val lists = (0 until 400).associate { "k$it" to listOf(it, it + 1) }
        val whole = Json.encodeToString(lists)
        val repeated = whole.dropLast(1) + ",\"k0\":[7],\"k399\":[],\"k1\":[9,9]}"
        val catalog = Json.encodeToString(Catalog(3, records.withIndex().associate { (i, r) -> "id-$i" to r }))
        val repeatedItem = catalog.dropLast(2) + ",\"id-0\":" + Json.encodeToString(records.last()) + "}}"
        val before = parallel.splits().decodedInSlices

        val mapOfLists = MapSerializer(String.serializer(), ListSerializer(Int.serializer()))
        for ((serializer, text) in listOf(mapOfLists to repeated, Catalog.serializer() to repeatedItem)) {
            val expected = Json.decodeFromString(serializer as KSerializer<Any>, text)
            val actual = parallel.decodeFromString(serializer, text)
            assertThat(actual).isEqualTo(expected)
            val keys = { value: Any -> ((value as? Catalog)?.items ?: value as Map<*, *>).keys.toList() }
            assertThat(keys(actual)).isEqualTo(keys(expected))
        }
        assertThat(Json.decodeFromString(mapOfLists, repeated).getValue("k0")).`as`("Json keeps the last value")
            .containsExactly(7)
        assertThat(parallel.splits().decodedInSlices - before).`as`("both read in slices").isEqualTo(2)
    }

    @Test
    fun `two large lists in one object, where the end of the first cannot be guessed, are what Json makes of them`() {
        val twice = Twice(records, records.reversed(), Paging(null))
        repeat(3) { assertSameAsJson(Twice.serializer(), twice) }
        val text = Json.encodeToString(Twice.serializer(), twice)
        repeat(3) { assertThat(parallel.parseToJsonElement(text)).isEqualTo(Json.parseToJsonElement(text)) }
    }

    @Test
    fun `reified calls take the type Json takes, the whole document`() {
        val text = Json.encodeToString(response())
        assertThat(parallel.decodeFromString<Response>(text)).isEqualTo(response())
        assertThat(parallel.encodeToString(response())).isEqualTo(text)
        assertThat(parallel.decodeFromString<List<Record>>(Json.encodeToString(records))).isEqualTo(records)
    }

    @Test
    fun `a tree of any document parses and prints as Json's`() {
        val text = Json.encodeToString(Outer(mapOf("a" to 1), response(), records))
        val tree = Json.parseToJsonElement(text)
        assertThat(parallel.parseToJsonElement(text)).isEqualTo(tree)
        assertThat(parallel.decodeFromString(JsonElement.serializer(), text)).isEqualTo(tree)
        assertThat(parallel.encodeToString(JsonElement.serializer(), tree)).isEqualTo(text)
        val catalog = Json.encodeToString(Catalog(1, records.withIndex().associate { (i, r) -> "k$i" to r }))
        assertThat(parallel.parseToJsonElement(catalog)).isEqualTo(Json.parseToJsonElement(catalog))
        assertThat(parallel.encodeToString(JsonElement.serializer(), Json.parseToJsonElement(catalog)))
            .isEqualTo(catalog)
    }

    /** [data] under [depth] classes. */
    private fun nested(depth: Int, data: List<Record>): Nest =
        (1..depth).fold(Nest(data = data)) { inner, _ -> Nest(inner = inner) }

    @Test
    fun `a list at the deepest class a plan follows is split, one deeper is read whole, both as Json reads them`() {
        CountingPool().use { pool ->
            pool.parallelJson(Json).use { subject ->
                for ((depth, split) in listOf(16 to true, 17 to false)) {
                    val value = nested(depth, records)
                    val text = Json.encodeToString(Nest.serializer(), value)
                    assertThat(subject.decodeFromString(Nest.serializer(), text)).isEqualTo(value)
                    assertThat(subject.encodeToString(Nest.serializer(), value)).isEqualTo(text)
                    assertThat(pool.handed.getAndSet(0) > 0).`as`("depth $depth handed to the pool").isEqualTo(split)
                }
            }
        }
    }

    @Test
    fun `a large list in a document is decoded and encoded in parts handed to the pool`() {
        val recorded = Recorded(records)
        val text = Json.encodeToString(Recorded.serializer(), recorded)
        CountingPool().use { pool ->
            val handed = pool.handed
            pool.parallelJson(Json).use { subject ->
                assertThat(subject.decodeFromString(Recorded.serializer(), text)).isEqualTo(recorded)
                assertThat(handed.getAndSet(0)).isPositive()
                assertThat(subject.encodeToString(Recorded.serializer(), recorded)).isEqualTo(text)
                assertThat(handed.getAndSet(0)).isPositive()
                assertThat(
                    subject.decodeFromString(
                        Named.serializer(),
                        "{\"data\":" + Json.encodeToString(records) + "}",
                    ),
                )
                    .isEqualTo(Named(records))
                assertThat(handed.get()).`as`("a class with @JsonNames is read whole").isZero()
            }
        }
    }

    @Test
    fun `a failure deep in a large member is Json's, class, message and offset in the whole text`() {
        val text = Json.encodeToString(Response.serializer(), response())
        val at = text.lastIndexOf("\"value\":")
        val cases = listOf(
            text.substring(0, at) + "\"value\":\"seven\"" + text.substring(text.indexOf(',', at)),
            text.replaceFirst("\"paging\":{", "\"paging\":{\"unknown\":1,"),
            text.dropLast(1),
            text + "x",
            text.replaceFirst("\"query\"", "\"data\":[],\"query\""),
        )
        for (broken in cases.take(4)) {
            val expected = runCatching { Json.decodeFromString(Response.serializer(), broken) }.exceptionOrNull()
            val actual = runCatching { parallel.decodeFromString(Response.serializer(), broken) }.exceptionOrNull()
            assertThat(actual).`as`(broken.takeLast(40)).isNotNull().isInstanceOf(SerializationException::class.java)
            assertThat(actual!!.javaClass).isEqualTo(expected!!.javaClass)
            assertThat(actual.message).isEqualTo(expected.message)
        }
        // A repeated key: Json keeps the last value; so does ParallelJson, which reads such a document whole.
        assertThat(parallel.decodeFromString(Response.serializer(), cases[4]))
            .isEqualTo(Json.decodeFromString(Response.serializer(), cases[4]))
    }

    @Test
    fun `JsonNames, a custom list serializer and a naming strategy go through Json whole, same results`() {
        val named = Named(records)
        assertThat(parallel.decodeFromString(Named.serializer(), Json.encodeToString(Named.serializer(), named)))
            .isEqualTo(named)
        assertThat(parallel.decodeFromString(Named.serializer(), "{\"rows\":" + Json.encodeToString(records) + "}"))
            .isEqualTo(named)
        assertSameAsJson(
            Response.serializer(),
            response(),
            Json { namingStrategy = kotlinx.serialization.json.JsonNamingStrategy.SnakeCase },
        )
    }

    /**
     * A [Response] read and written as a `JsonElement`, with a `kind` member added; it refuses a response without data,
     * as a service's check would: it must never see the document with its large member emptied.
     */
    object KindedResponse : JsonTransformingSerializer<Response>(Response.serializer()) {
        override fun transformSerialize(element: JsonElement): JsonElement =
            JsonObject(mapOf("kind" to JsonPrimitive("response")) + element.jsonObject)

        override fun transformDeserialize(element: JsonElement): JsonElement {
            require(element.jsonObject.getValue("data").jsonArray.isNotEmpty()) { "a response without data" }
            return JsonObject(element.jsonObject - "kind")
        }
    }

    @Serializable
    data class Envelope(val id: Int, @Serializable(with = KindedResponse::class) val response: Response)

    @Test
    fun `a class its serializer reads and writes as a JsonElement is what Json makes of it, root or member`() {
        val notFollowed = parallel.fallbacks().serializerNotFollowed
        assertSameAsJson(KindedResponse, response())
        assertSameAsJson(Envelope.serializer(), Envelope(7, response()))
        // Read whole once the transforming serializer asked for the tree: it never saw the data emptied.
        assertThat(parallel.fallbacks().serializerNotFollowed - notFollowed).isPositive()
    }

    @Serializable
    sealed class Shape {
        @Serializable
        data class Box(val records: List<Record>) : Shape()
    }

    @Serializable
    data class Custom(@Serializable(with = ReversedList::class) val data: List<Record>)

    @Serializable
    data class WithSet(val data: Set<Record>)

    @Serializable
    data class Keyed(val data: Map<Paging, Int>)

    /** A case that goes through `Json` whole: its serializer, value and `Json`, and how it is called. */
    class Whole<T>(val name: String, val serializer: KSerializer<T>, val value: T, val json: Json = Json) {
        val text: String = json.encodeToString(serializer, value)
    }

    private fun wholeCases(): List<Whole<*>> = listOf(
        Whole("a sealed root", Shape.serializer(), Shape.Box(records)),
        Whole("a custom list serializer", Custom.serializer(), Custom(records)),
        Whole("a class with @JsonNames", Named.serializer(), Named(records)),
        Whole("a naming strategy", Response.serializer(), response(), Json { namingStrategy = SNAKE_CASE }),
        Whole("a set", WithSet.serializer(), WithSet(records.toSet())),
        Whole("structured map keys", Keyed.serializer(), Keyed(keys()), Json { allowStructuredMapKeys = true }),
    )

    private fun keys(): Map<Paging, Int> = records.indices.associate { Paging("p$it", it) to it }

    @Test
    fun `the cases the docs list as read whole are read whole, and are what Json makes of them`() {
        val cases = wholeCases()
        CountingPool().use { pool ->
            val handed = pool.handed
            for (case in cases) {
                @Suppress("UNCHECKED_CAST")
                val whole = case as Whole<Any?>
                pool.parallelJson(whole.json).use {
                    assertThat(it.encodeToString(whole.serializer, whole.value)).isEqualTo(whole.text)
                    assertThat(it.decodeFromString(whole.serializer, whole.text)).isEqualTo(whole.value)
                }
                assertThat(handed.getAndSet(0)).`as`(case.name).isZero()
            }
            val lenient = Json { isLenient = true }
            val text = "{\"query\":q,\"data\":" + Json.encodeToString(records) + ",\"paging\":{\"next\":null}," +
                "\"warnings\":[]}"
            pool.parallelJson(lenient).use {
                assertThat(it.decodeFromString(Response.serializer(), text))
                    .isEqualTo(lenient.decodeFromString(Response.serializer(), text))
            }
            assertThat(handed.getAndSet(0)).`as`("a lenient Json decoding").isZero()
            val brokenLines = Json {
                prettyPrint = true
                prettyPrintIndent = "\n "
            }
            pool.parallelJson(brokenLines).use {
                assertThat(it.encodeToString(Response.serializer(), response()))
                    .isEqualTo(brokenLines.encodeToString(Response.serializer(), response()))
            }
            assertThat(handed.getAndSet(0)).`as`("a pretty-printing Json whose indent breaks lines").isZero()
        }
        assertThat(cases.size + 2).`as`("the cases the README lists, tested here").isEqualTo(WHOLE_CASES)
    }

    /** A list written in reverse: a custom serializer with a list's descriptor, which must never be split. */
    object ReversedList : KSerializer<List<Record>> {
        private val list = ListSerializer(Record.serializer())
        override val descriptor: SerialDescriptor = list.descriptor

        override fun serialize(encoder: Encoder, value: List<Record>) = list.serialize(encoder, value.reversed())

        override fun deserialize(decoder: Decoder): List<Record> = list.deserialize(decoder).reversed()
    }

    private companion object {
        /** The cases read whole that `ParallelJsonDocumentsTest` tests: those of the README's list. */
        const val WHOLE_CASES = 8
        val SNAKE_CASE = kotlinx.serialization.json.JsonNamingStrategy.SnakeCase
    }

    /** Records the threads that decode or encode a record. */
    object ThreadRecording : KSerializer<Record> {
        val threads: MutableSet<String> = ConcurrentHashMap.newKeySet()

        override val descriptor: SerialDescriptor = Record.serializer().descriptor

        override fun serialize(encoder: Encoder, value: Record) {
            threads += Thread.currentThread().name
            Record.serializer().serialize(encoder, value)
        }

        override fun deserialize(decoder: Decoder): Record {
            threads += Thread.currentThread().name
            return Record.serializer().deserialize(decoder)
        }
    }

    /**
     * One pool thread that counts the tasks handed to it ([handed]), and the instances that split everything they
     * can on it; shut down on [close].
     */
    private class CountingPool : AutoCloseable {
        private val pool = Executors.newFixedThreadPool(1)
        val handed = AtomicInteger()
        private val executor = Executor { task -> handed.incrementAndGet().also { pool.execute(task) } }

        fun parallelJson(json: Json) = ParallelJson(json) {
            parallelism = 2
            minParallelChars = 0
            adaptiveSplit = false
            executor = this@CountingPool.executor
        }

        override fun close() = pool.shutdown()
    }
}
