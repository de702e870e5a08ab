package serialbench.parallel

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.CompositeDecoder
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.encoding.decodeStructure
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonArray
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.fixtures.Item
import serialbench.parallel.fixtures.TreeDocumentEngine
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/**
 * A document's large members are read on the pool while the calling thread reads the rest of it (the skeleton), and
 * nothing of a call runs on the pool once it has returned, whatever the skeleton did.
 */
@Timeout(120)
class ParallelJsonPlacesAheadTest {
    private val items = List(400) { Item(it, "item $it", it * 1.5, null, listOf("a", "b")) }

    @Test
    fun `the pool reads a large list while the caller still reads the members before it`() {
        splitting().use { parallel ->
            val document = Gated(Gate("head"), items)
            val text = Json.encodeToString(Gated.serializer(), document)
            // The first document teaches the instance which serializer its class reads the list with.
            assertThat(parallel.decodeFromString(Gated.serializer(), text)).isEqualTo(document)
            // Set before the call: the pool may read every element before the caller reaches the gate.
            val poolRead = CountDownLatch(1)
            GateSerializer.poolReadFirst = false
            PoolSeenItemSerializer.seen = poolRead
            GateSerializer.waitsFor = poolRead
            try {
                assertThat(parallel.decodeFromString(Gated.serializer(), text)).isEqualTo(document)
            } finally {
                GateSerializer.waitsFor = null
                PoolSeenItemSerializer.seen = null
            }
            assertThat(GateSerializer.poolReadFirst)
                .`as`("a pool thread read elements of the list before the caller was done with the member before it")
                .isTrue()
        }
    }

    @Test
    fun `a skeleton that fails while the pool reads the list leaves nothing of the call running`() {
        splitting().use { parallel ->
            val good = Json.encodeToString(Counted.serializer(), Counted(1, items))
            assertThat(parallel.decodeFromString(Counted.serializer(), good).items).hasSize(items.size)
            // `before` is not a number: the caller fails there while the pool reads the list's slices.
            val broken = good.replaceFirst("\"before\":1", "\"before\":\"one\"")
            repeat(20) { round ->
                SlowItemSerializer.readingOnPool.set(0)
                SlowItemSerializer.slow = true
                try {
                    assertThatThrownBy { parallel.decodeFromString(Counted.serializer(), broken) }
                        .isInstanceOf(SerializationException::class.java)
                    assertThat(SlowItemSerializer.readingOnPool.get())
                        .`as`("round $round: elements being read on the pool after the call returned")
                        .isZero()
                } finally {
                    SlowItemSerializer.slow = false
                }
            }
        }
    }

    @Test
    fun `a place met with another serializer than in the last document is read as on a first one`() {
        splitting().use { parallel ->
            val text = Json.encodeToString(Gated.serializer(), Gated(Gate("head"), items))
            repeat(5) { round ->
                // A new list serializer in each call: the slices begun for the last one are cancelled.
                val value = parallel.decodeFromString(FreshListReader, text)
                assertThat(value).`as`("round $round").isEqualTo(items)
            }
            assertThat(parallel.fallbacks().total).isZero()
        }
    }

    @Test
    fun `an engine that refuses the skeleton while the pool reads a part leaves nothing of the call running`() {
        val engine = SkeletonRefusingEngine()
        ParallelJson.builder().parallelism(2).minParallelChars(64).adaptiveSplit(false).documents(engine).use { layer ->
            val items = JsonArray(List(400) { JsonObject(mapOf("id" to JsonPrimitive(it))) })
            val good = JsonObject(mapOf("head" to JsonPrimitive(1), "items" to items))
            assertThat(layer.decodeFromString(good.toString())).isEqualTo(good)
            val broken = JsonObject(mapOf("head" to JsonPrimitive("refused"), "items" to items)).toString()
            repeat(20) { round ->
                engine.slow = true
                try {
                    assertThatThrownBy { layer.decodeFromString(broken) }.hasMessageContaining("refused")
                    assertThat(engine.readingOnPool.get())
                        .`as`("round $round: slices being read on the pool after the call returned")
                        .isZero()
                } finally {
                    engine.slow = false
                }
            }
        }
    }

    /**
     * Trees whose documents fail where a member's value is the string `refused`, and whose arrays are read slowly on
     * the pool when [slow], counting the slices being read there.
     */
    private class SkeletonRefusingEngine : JsonDocumentEngine<JsonElement> by TreeDocumentEngine() {
        @Volatile var slow = false
        val readingOnPool = AtomicInteger()

        override fun decodeDocument(text: String): JsonElement {
            require("\"refused\"" !in text) { "the engine refused the document" }
            return Json.parseToJsonElement(text)
        }

        override fun elements(path: List<String>): JsonListEngine<*> = object : JsonListEngine<JsonElement> {
            override val name: String get() = "slow trees"
            override val isStrict: Boolean get() = true

            override fun encodeList(elements: List<JsonElement>): String = JsonArray(elements).toString()

            override fun decodeList(text: String): List<JsonElement> {
                if (!Thread.currentThread().name.startsWith(
                        "ParallelJson-",
                    )
                ) {
                    return Json.parseToJsonElement(text).jsonArray
                }
                readingOnPool.incrementAndGet()
                try {
                    if (slow) Thread.sleep(20)
                    return Json.parseToJsonElement(text).jsonArray
                } finally {
                    readingOnPool.decrementAndGet()
                }
            }
        }
    }

    /** Two threads, every list split. */
    private fun splitting() = ParallelJson(Json) {
        parallelism = 2
        minParallelChars = 0
        adaptiveSplit = false
    }

    @Serializable
    data class Gated(
        @Serializable(with = GateSerializer::class) val gate: Gate,
        val items: List<
            @Serializable(with = PoolSeenItemSerializer::class)
            Item,
            >,
    )

    data class Gate(val name: String)

    /** Reads a [Gate]; first waits for [waitsFor] (a pool thread read an element of the list after it), if set. */
    object GateSerializer : KSerializer<Gate> {
        @Volatile var waitsFor: CountDownLatch? = null

        @Volatile var poolReadFirst = false

        override val descriptor: SerialDescriptor = String.serializer().descriptor

        override fun serialize(encoder: Encoder, value: Gate) = encoder.encodeString(value.name)

        override fun deserialize(decoder: Decoder): Gate {
            waitsFor?.let { poolReadFirst = it.await(30, TimeUnit.SECONDS) }
            return Gate(decoder.decodeString())
        }
    }

    /** [Item]'s serializer, which tells [seen] when it runs on a pool thread. */
    object PoolSeenItemSerializer : KSerializer<Item> {
        @Volatile var seen: CountDownLatch? = null

        override val descriptor: SerialDescriptor = Item.serializer().descriptor

        override fun serialize(encoder: Encoder, value: Item) = Item.serializer().serialize(encoder, value)

        override fun deserialize(decoder: Decoder): Item {
            if (Thread.currentThread().name.startsWith("ParallelJson-")) seen?.countDown()
            return Item.serializer().deserialize(decoder)
        }
    }

    @Serializable
    data class Counted(
        val before: Int,
        val items: List<
            @Serializable(with = SlowItemSerializer::class)
            Item,
            >,
    )

    /** [Item]'s serializer, slow on the pool when [slow], counting the elements being read there. */
    object SlowItemSerializer : KSerializer<Item> {
        @Volatile var slow = false
        val readingOnPool = AtomicInteger()

        override val descriptor: SerialDescriptor = Item.serializer().descriptor

        override fun serialize(encoder: Encoder, value: Item) = Item.serializer().serialize(encoder, value)

        override fun deserialize(decoder: Decoder): Item {
            if (!Thread.currentThread().name.startsWith("ParallelJson-")) return Item.serializer().deserialize(decoder)
            readingOnPool.incrementAndGet()
            try {
                if (slow) Thread.sleep(1)
                return Item.serializer().deserialize(decoder)
            } finally {
                readingOnPool.decrementAndGet()
            }
        }
    }

    /** Reads a [Gated] document's list with a list serializer made for each call. */
    object FreshListReader : KSerializer<List<Item>> {
        override val descriptor: SerialDescriptor = Gated.serializer().descriptor

        override fun serialize(encoder: Encoder, value: List<Item>) = throw UnsupportedOperationException()

        override fun deserialize(decoder: Decoder): List<Item> = decoder.decodeStructure(descriptor) {
            var items: List<Item> = emptyList()
            while (true) {
                when (val index = decodeElementIndex(descriptor)) {
                    0 -> decodeStringElement(descriptor, 0)
                    1 -> items = decodeSerializableElement(descriptor, 1, ListSerializer(Item.serializer()))
                    CompositeDecoder.DECODE_DONE -> break
                    else -> throw SerializationException("unexpected index $index")
                }
            }
            items
        }
    }
}
