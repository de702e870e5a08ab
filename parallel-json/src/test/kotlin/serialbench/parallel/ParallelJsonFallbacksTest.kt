package serialbench.parallel

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records
import serialbench.parallel.internal.split.Fallback
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.reflect.full.memberProperties

/**
 * A split call falls back only on a named condition, and counts it ([ParallelJson.fallbacks]): a fault of the split
 * path itself (here a serializer that fails on the pool's threads only) fails the call, where reading the whole
 * input again on the calling thread would turn it into a slower success that no test sees.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonFallbacksTest {
    private val pool: ExecutorService = Executors.newFixedThreadPool(2) { task ->
        Thread(task, POOL_THREAD).also { it.isDaemon = true }
    }

    private fun parallel(json: Json = Json) = ParallelJson(json) {
        parallelism = 2
        minParallelChars = 0
        adaptiveSplit = false
        executor = pool
    }

    private val records = Records.generate(300)

    @AfterAll
    fun close() = pool.shutdown()

    /** A record that fails to decode and encode on the pool's threads, and only there. */
    object FaultOnPool : KSerializer<Record> {
        /** Counted down when a pool thread fails. */
        @Volatile
        var poolFailed = CountDownLatch(1)

        override val descriptor: SerialDescriptor get() = Record.serializer().descriptor

        override fun serialize(encoder: Encoder, value: Record) =
            Record.serializer().serialize(encoder, value.checked())

        override fun deserialize(decoder: Decoder): Record = Record.serializer().deserialize(decoder).checked()

        private fun Record.checked(): Record {
            if (Thread.currentThread().name == POOL_THREAD) {
                poolFailed.countDown()
                throw IllegalStateException("fault injected on $POOL_THREAD")
            }
            return this
        }
    }

    /**
     * What the first of up to 100 runs of [call] on [parallel] threw. A run may return although a pool thread failed
     * in it: the slices at guessed cuts failed, and those at exact cuts all ran on the calling thread (it may take
     * every part before a pool thread starts); such a run must be counted as a missed guess, and after it the
     * instance cuts exactly, where the next fault of a pool thread is thrown.
     */
    private fun firstThrown(parallel: ParallelJson, call: () -> Any?): Throwable {
        var returnedAfterAFault = 0L
        repeat(100) {
            FaultOnPool.poolFailed = CountDownLatch(1)
            val thrown = runCatching(call).exceptionOrNull()
            if (thrown != null) return thrown
            if (FaultOnPool.poolFailed.count == 0L) returnedAfterAFault++
            assertThat(parallel.fallbacks().guessedCutsMissed).isGreaterThanOrEqualTo(returnedAfterAFault)
        }
        throw AssertionError("none of 100 calls threw")
    }

    @Serializable
    data class Faulty(
        val query: String,
        val data: List<
            @Serializable(with = FaultOnPool::class)
            Record,
            >,
    )

    @Serializable
    data class Node(val id: Int, val inner: List<Node> = emptyList())

    @Serializable
    data class Page(val query: String, val data: List<Record>)

    private val faultyList = ListSerializer(FaultOnPool)

    @Test
    fun `a fault in a slice of a list fails the call`() {
        parallel().use { parallel ->
            val text = Json.encodeToString(ListSerializer(Record.serializer()), records.take(200))
            assertThat(firstThrown(parallel) { parallel.decodeFromString(faultyList, text) })
                .isInstanceOf(IllegalStateException::class.java).hasMessageContaining("fault injected")
        }
    }

    /** A record that fails to decode the first time it is asked to after [arm], on any thread. */
    object FaultOnce : KSerializer<Record> by Record.serializer() {
        private val armed = java.util.concurrent.atomic.AtomicBoolean()

        fun arm() = armed.set(true)

        override fun deserialize(decoder: Decoder): Record {
            val record = Record.serializer().deserialize(decoder)
            if (armed.compareAndSet(true, false)) throw IllegalStateException("fault injected once")
            return record
        }
    }

    @Test
    fun `a fault in a batch of a stream cut exactly fails the call, though each element then decodes alone`() {
        val exact = StreamDecodingUnderTest(
            ParallelJson(Json) {
                parallelism = 2
                streamBatchBytes = 4096
                executor = pool
            },
            guessCuts = false,
        )
        exact.use {
            val bytes = Json.encodeToString(ListSerializer(Record.serializer()), records).encodeToByteArray()
            FaultOnce.arm()
            val thrown = runCatching { exact.decodeFromStream(FaultOnce, bytes.inputStream()) }.exceptionOrNull()
            assertThat(thrown).isInstanceOf(IllegalStateException::class.java).hasMessage("fault injected once")
            assertThat(exact.fallbacks.count(Fallback.SLICES_FAILED)).isEqualTo(1L)
            assertThat(exact.decodeFromStream(FaultOnce, bytes.inputStream())).isEqualTo(records)
        }
    }

    @Test
    fun `a fault in a slice or a chunk of a document's member fails the call`() {
        parallel().use { parallel ->
            val value = Faulty("q", records)
            assertThat(firstThrown(parallel) { parallel.encodeToString(Faulty.serializer(), value) })
                .isInstanceOf(IllegalStateException::class.java).hasMessageContaining("fault injected")
            val text = Json.encodeToString(Page.serializer(), Page("q", records))
            assertThat(firstThrown(parallel) { parallel.decodeFromString(Faulty.serializer(), text) })
                .isInstanceOf(IllegalStateException::class.java).hasMessageContaining("fault injected")
        }
    }

    @Test
    fun `an invalid document fails with Json's exception, and its second reading is counted`() {
        parallel().use { parallel ->
            val text = Json.encodeToString(Page.serializer(), Page("q", records))
            val broken = text.replaceFirst("\"value\":", "\"value\":\"seven\",\"x\":")
            val expected = runCatching { Json.decodeFromString(Page.serializer(), broken) }.exceptionOrNull()!!
            val actual = runCatching { parallel.decodeFromString(Page.serializer(), broken) }.exceptionOrNull()!!
            assertThat(actual).isInstanceOf(SerializationException::class.java).hasMessage(expected.message)
            assertThat(parallel.fallbacks().documentFailed).isEqualTo(1L)
            assertThat(parallel.decodeFromString(Page.serializer(), text)).isEqualTo(Page("q", records))
            assertThat(parallel.fallbacks().documentFailed).isEqualTo(1L)
        }
    }

    /** [Plain]'s serializer, counting the documents it is asked to read. */
    class CountingReads : KSerializer<Plain> by Plain.serializer() {
        var reads = 0

        override fun deserialize(decoder: Decoder): Plain {
            reads++
            return Plain.serializer().deserialize(decoder)
        }
    }

    @Serializable
    data class Plain(val name: String, val count: Int)

    @Test
    fun `an invalid document that Json reads whole is read once, and nothing is counted`() {
        parallel().use { parallel ->
            val broken = """{"name":"${"n".repeat(200)}","count":"seven"}"""
            val serializer = CountingReads()
            val expected = runCatching { Json.decodeFromString(Plain.serializer(), broken) }.exceptionOrNull()!!
            val actual = runCatching { parallel.decodeFromString(serializer, broken) }.exceptionOrNull()!!
            assertThat(actual).isInstanceOf(SerializationException::class.java).hasMessage(expected.message)
            assertThat(serializer.reads).isEqualTo(1)
            val notAString = runCatching { parallel.decodeFromString(String.serializer(), "\"${"s".repeat(200)}") }
            assertThat(notAString.exceptionOrNull()).isInstanceOf(SerializationException::class.java)
            assertThat(parallel.fallbacks().total).isZero()
        }
    }

    @Test
    fun `cuts guessed between nested objects miss, are counted, and exact cuts give Json's list`() {
        parallel().use { parallel ->
            val nodes = List(3000) { Node(it, List(2) { i -> Node(10 * it + i) }) }
            val serializer = ListSerializer(Node.serializer())
            val text = Json.encodeToString(serializer, nodes)
            assertThat(parallel.decodeFromString(serializer, text)).isEqualTo(nodes)
            assertThat(parallel.fallbacks().guessedCutsMissed).isEqualTo(1L)
            assertThat(parallel.fallbacks().slicesFailed).isEqualTo(0L)
        }
    }

    @Test
    fun `a stream of indented nodes is cut between its own elements, never between the nested ones`() {
        val pretty = Json { prettyPrint = true }
        val nodes = List(300) { Node(it, List(it % 7) { i -> Node(10 * it + i) }) }
        val serializer = ListSerializer(Node.serializer())
        val bytes = pretty.encodeToString(serializer, nodes).encodeToByteArray()
        val parallel = ParallelJson(pretty) {
            parallelism = 2
            minParallelChars = 0
            adaptiveSplit = false
            streamBatchBytes = 300
        }
        parallel.use {
            assertThat(parallel.decodeFromStream(serializer, bytes.inputStream())).isEqualTo(nodes)
            assertThat(parallel.decodeToSequence(bytes.inputStream(), Node.serializer()).toList()).isEqualTo(nodes)
            assertThat(parallel.fallbacks().total).isZero()
        }
    }

    @Test
    fun `after a document with nothing to split, the next 32 of its kind are read whole, then looked at again`() {
        val list = List(3000) { Node(it, List(2) { i -> Node(10 * it + i) }) }
        // Nodes whose guessed cuts miss once when their document is split: a miss counted shows a look at the text.
        val nodes = """{"first":${Json.encodeToString(ListSerializer(Node.serializer()), list)}}"""
        // As long as the nodes' text, which a far longer text would not be read whole after.
        val padding = " ".repeat(nodes.length)
        val documents =
            listOf(JsonElement.serializer() to """{"a":1$padding}""", NodePages.serializer() to "{$padding}")
        for ((serializer, small) in documents) {
            parallel().use { parallel ->
                assertThat(
                    parallel.decodeFromString(serializer, small),
                ).isEqualTo(Json.decodeFromString(serializer, small))
                repeat(32) {
                    assertThat(
                        parallel.decodeFromString(serializer, nodes),
                    ).isEqualTo(Json.decodeFromString(serializer, nodes))
                }
                assertThat(parallel.fallbacks().total).`as`("$serializer: 32 calls read whole").isZero()
                assertThat(
                    parallel.decodeFromString(serializer, nodes),
                ).isEqualTo(Json.decodeFromString(serializer, nodes))
                assertThat(parallel.fallbacks().guessedCutsMissed).`as`("$serializer: looked at again").isEqualTo(1L)
            }
        }
    }

    @Test
    fun `after a short document of a class, the next of it are written whole until a longer one, then followed`() {
        val nodes = List(3000) { Node(it, List(2) { i -> Node(10 * it + i) }) }
        val serializer = NodePages.serializer()
        parallel().use { parallel ->
            fun encoded(pages: NodePages) = parallel.encodeToString(serializer, pages).also {
                assertThat(it).isEqualTo(Json.encodeToString(serializer, pages))
            }
            encoded(NodePages(nodes))
            assertThat(parallel.splits().encodedInChunks).`as`("a large list split").isEqualTo(1L)
            // Too short for any list of it to split: the next ones are written whole, however many.
            repeat(100) { encoded(NodePages(listOf(Node(it)))) }
            encoded(NodePages(nodes))
            assertThat(parallel.splits().encodedInChunks).`as`("the long one after them written whole").isEqualTo(1L)
            encoded(NodePages(nodes))
            assertThat(parallel.splits().encodedInChunks).`as`("followed again").isEqualTo(2L)
        }
    }

    @Test
    fun `a place whose guessed cuts missed is read at exact cuts from then on, and other places still guess`() {
        val list = List(3000) { Node(it, List(2) { i -> Node(10 * it + i) }) }
        val nodes = Json.encodeToString(ListSerializer(Node.serializer()), list)
        val first = """{"first":$nodes}"""
        val second = """{"second":$nodes}"""
        for (serializer in listOf(JsonElement.serializer(), NodePages.serializer())) {
            parallel().use { parallel ->
                fun decoded(text: String) = parallel.decodeFromString(serializer, text)
                assertThat(decoded(first)).isEqualTo(Json.decodeFromString(serializer, first))
                assertThat(decoded(first)).isEqualTo(Json.decodeFromString(serializer, first))
                assertThat(parallel.fallbacks().guessedCutsMissed).`as`("$serializer: one miss at the first place")
                    .isEqualTo(1L)
                assertThat(decoded(second)).isEqualTo(Json.decodeFromString(serializer, second))
                assertThat(decoded(second)).isEqualTo(Json.decodeFromString(serializer, second))
                assertThat(decoded(first)).isEqualTo(Json.decodeFromString(serializer, first))
                assertThat(parallel.fallbacks().guessedCutsMissed).`as`("$serializer: one miss at each place")
                    .isEqualTo(2L)
                assertThat(parallel.fallbacks().slicesFailed).isEqualTo(0L)
            }
        }
    }

    @Test
    fun `a place read to its end is cut at the commas the outline read, where guessed cuts would miss`() {
        val list = List(3000) { Node(it, List(2) { i -> Node(10 * it + i) }) }
        val nodes = Json.encodeToString(ListSerializer(Node.serializer()), list)
        // A tail too long for the end of the nodes to be guessed from the end of the text: the outline reads them.
        val tail = Json.encodeToString(ListSerializer(String.serializer()), List(20_000) { "tail-$it" })
        val text = """{"first":$nodes,"second":$tail}"""
        for (serializer in listOf(JsonElement.serializer(), NodesAndTail.serializer())) {
            parallel().use { parallel ->
                repeat(2) {
                    assertThat(
                        parallel.decodeFromString(serializer, text),
                    ).isEqualTo(Json.decodeFromString(serializer, text))
                }
                assertThat(parallel.fallbacks().total).`as`("$serializer").isEqualTo(0L)
            }
        }
    }

    @Test
    fun `a large value followed by another is guessed before it once read to its end, and stops missing`() {
        val list = List(3000) { Node(it, List(2) { i -> Node(10 * it + i) }) }
        val nodes = Json.encodeToString(ListSerializer(Node.serializer()), list)
        val text = """{"first":$nodes,"second":$nodes}"""
        for (serializer in listOf(JsonElement.serializer(), NodePages.serializer())) {
            parallel().use { parallel ->
                repeat(4) {
                    assertThat(parallel.decodeFromString(serializer, text))
                        .isEqualTo(Json.decodeFromString(serializer, text))
                }
                val missed = parallel.fallbacks().total
                // the first large value's end is first guessed at the text's end: a miss of the guess, not of the text
                assertThat(parallel.fallbacks().guessedEndMissed).describedAs("$serializer: ends missed").isPositive()
                val fallbacks = parallel.fallbacks()
                assertThat(fallbacks.slicesFailed + fallbacks.documentFailed)
                    .describedAs("$serializer: a valid text counted as failed: $fallbacks").isZero()
                val split = parallel.splits().decodedInSlices
                repeat(3) {
                    assertThat(parallel.decodeFromString(serializer, text))
                        .isEqualTo(Json.decodeFromString(serializer, text))
                }
                assertThat(parallel.fallbacks().total).describedAs("$serializer: no more misses").isEqualTo(missed)
                assertThat(parallel.splits().decodedInSlices - split).describedAs("$serializer: both places split")
                    .isEqualTo(6L)
            }
        }
    }

    @Serializable
    data class NodesAndTail(val first: List<Node>, val second: List<String>)

    @Serializable
    data class NodePages(val first: List<Node> = emptyList(), val second: List<Node> = emptyList())

    @Test
    fun `another engine that reads whole what it refused in slices gives its whole reading, counted`() {
        val text = Json.encodeToString(ListSerializer(Record.serializer()), records)
        val last = records.last().name
        // An engine whose reading depends on more than a slice: it refuses a text without the last record.
        val engine = object : JsonListEngine<Record> {
            override val name = "context-dependent"

            override fun encodeList(elements: List<Record>) =
                Json.encodeToString(ListSerializer(Record.serializer()), elements)

            override fun decodeList(text: String): List<Record> {
                require("\"$last\"" in text) { "no $last" }
                return Json.decodeFromString(ListSerializer(Record.serializer()), text)
            }
        }
        val splitting = ParallelJson.builder().parallelism(2).minParallelChars(0).adaptiveSplit(false).executor(pool)
        splitting.lists(engine).use { lists ->
            assertThat(lists.decodeFromString(text)).isEqualTo(records)
            assertThat(lists.fallbacks().engineReadWhole).isEqualTo(1L)
            assertThat(lists.fallbacks().slicesFailed).isEqualTo(1L)
        }
    }

    @Test
    fun `an engine is asked whether a text may be split while its slices begin, and its no reads the text whole`() {
        val list = ListSerializer(Record.serializer())
        val text = Json.encodeToString(list, records)
        val sliceBegun = CountDownLatch(1)
        val askedAfterASliceBegan = AtomicInteger()
        val wholeReads = AtomicInteger()
        var refuses = false
        // An engine whose question reads the whole text, as fastjson2's scan for references does.
        val engine = object : JsonListEngine<Record> {
            override val name = "asks while slices begin"

            override fun encodeList(elements: List<Record>) = Json.encodeToString(list, elements)

            override fun decodeList(text: String): List<Record> =
                Json.decodeFromString(list, text).also { wholeReads.incrementAndGet() }

            override fun decodeSlice(slice: String): List<Record> {
                sliceBegun.countDown()
                return Json.decodeFromString(list, slice)
            }

            override fun splits(text: String): Boolean {
                // bounded, so that code which asks before the slices begin fails here instead of hanging
                if (sliceBegun.await(10, TimeUnit.SECONDS)) askedAfterASliceBegan.incrementAndGet()
                return !refuses
            }
        }
        val splitting = ParallelJson.builder().parallelism(2).minParallelChars(0).adaptiveSplit(false).executor(pool)
        splitting.lists(engine).use { lists ->
            assertThat(lists.decodeFromString(text)).isEqualTo(records)
            assertThat(askedAfterASliceBegan.get()).isEqualTo(1)
            assertThat(wholeReads.get()).isZero()
            assertThat(lists.splits().decodedInSlices).isEqualTo(1L)

            refuses = true
            assertThat(lists.decodeFromString(text)).isEqualTo(records)
            assertThat(wholeReads.get()).isEqualTo(1)
            assertThat(lists.splits().decodedInSlices).isEqualTo(1L)
            assertThat(lists.fallbacks().total).isZero()
        }
    }

    @Test
    fun `an engine that reads its slices strictly is trusted with them, and a slice it refuses falls back`() {
        val list = ListSerializer(Record.serializer())
        val text = Json.encodeToString(list, records)
        val lenient = Json { allowTrailingComma = true }
        val wholeReads = AtomicInteger()
        val sliceReads = AtomicInteger()
        // Lenient on a whole text (a trailing comma), strict on a slice.
        val engine = object : JsonListEngine<Record> {
            override val name = "lenient, strict on slices"
            override val decodesSlicesStrictly: Boolean get() = true

            override fun encodeList(elements: List<Record>) = Json.encodeToString(list, elements)

            override fun decodeList(text: String): List<Record> =
                lenient.decodeFromString(list, text).also { wholeReads.incrementAndGet() }

            override fun decodeSlice(slice: String): List<Record> =
                Json.decodeFromString(list, slice).also { sliceReads.incrementAndGet() }
        }
        val splitting = ParallelJson.builder().parallelism(2).minParallelChars(0).adaptiveSplit(false).executor(pool)
        splitting.lists(engine).use { lists ->
            assertThat(lists.decodeFromString(text)).isEqualTo(records)
            assertThat(sliceReads.get()).isGreaterThan(1)
            assertThat(wholeReads.get()).isZero()
            assertThat(lists.fallbacks().total).isZero()

            val trailingComma = text.dropLast(1) + ",]"
            assertThat(lists.decodeFromString(trailingComma)).isEqualTo(records)
            assertThat(wholeReads.get()).isEqualTo(1)
            assertThat(lists.fallbacks().slicesFailed).isEqualTo(1L)
        }
    }

    @Test
    fun `an engine that reads its slices where they lie is given runs of whole elements that cover the text`() {
        val list = ListSerializer(Record.serializer())
        val text = Json.encodeToString(list, records)
        val runs = ConcurrentLinkedQueue<IntRange>()
        val engine = object : JsonListEngine<Record> {
            override val name = "in place"
            override val isStrict: Boolean get() = true

            override fun encodeList(elements: List<Record>) = Json.encodeToString(list, elements)

            override fun decodeList(text: String): List<Record> = Json.decodeFromString(list, text)

            override fun decodeSlice(slice: String): List<Record> = throw AssertionError("a copy was made")

            override fun decodeSlice(text: String, from: Int, to: Int): List<Record> {
                runs.add(from until to)
                return Json.decodeFromString(list, "[" + text.substring(from, to) + "]")
            }
        }
        val splitting = ParallelJson.builder().parallelism(2).minParallelChars(0).adaptiveSplit(false).executor(pool)
        splitting.lists(engine).use { lists ->
            assertThat(lists.decodeFromString(text)).isEqualTo(records)
            assertThat(lists.fallbacks().total).isZero()
        }
        val ordered = runs.sortedBy { it.first }
        assertThat(ordered).hasSizeGreaterThan(1)
        assertThat(ordered.first().first).isEqualTo(1)
        assertThat(ordered.last().last).isEqualTo(text.length - 2)
        // Each run begins just after the comma that ends the one before it.
        for ((before, after) in ordered.zipWithNext()) {
            assertThat(text[before.last + 1]).isEqualTo(',')
            assertThat(after.first).isEqualTo(before.last + 2)
        }
    }

    @Test
    fun `a text only the lenient Json reads is counted`() {
        parallel(Json { isLenient = true }).use { parallel ->
            val text = Json.encodeToString(Page.serializer(), Page("q", records)).replaceFirst("\"q\"", "q")
            assertThat(parallel.decodeFromString(Page.serializer(), text)).isEqualTo(Page("q", records))
            assertThat(parallel.fallbacks().lenientText).isEqualTo(1L)
            assertThat(parallel.fallbacks().total).isEqualTo(1L)
        }
    }

    @Test
    fun `the snapshot has a count for each reason, and its total adds them all`() {
        val snapshot = ParallelJsonFallbacks { reason -> 1L shl reason.ordinal }
        val counts = ParallelJsonFallbacks::class.memberProperties.filter { it.name != "total" }
            .map { it.get(snapshot) as Long }
        assertThat(counts.sorted()).isEqualTo(Fallback.entries.map { 1L shl it.ordinal })
        assertThat(snapshot.total).isEqualTo(counts.sum())
    }

    private companion object {
        const val POOL_THREAD = "fault-pool"
    }
}
