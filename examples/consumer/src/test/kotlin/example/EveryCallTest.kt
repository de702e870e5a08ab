package example

import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.decodeFromString
import kotlinx.serialization.encodeToString
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeToSequence
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.JsonListEngine
import serialbench.parallel.ParallelJson
import serialbench.parallel.ParallelJsonLists
import serialbench.parallel.decodeFromStream
import serialbench.parallel.decodeFromStringSuspending
import serialbench.parallel.decodeToFlow
import serialbench.parallel.decodeToSequence
import serialbench.parallel.encodeToStream
import serialbench.parallel.encodeToStringSuspending
import java.io.ByteArrayOutputStream
import java.util.concurrent.TimeUnit

/**
 * Every public call of ParallelJson, in its Kotlin forms (reified where it has one), on the versions this project
 * resolves without a BOM: Kotlin's stdlib and kotlinx-serialization as the library's POM and kotlinx 1.9.0 ask.
 * Each gives what Json gives, failures included.
 */
@OptIn(ExperimentalSerializationApi::class)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class EveryCallTest {
    private val list = ListSerializer(Order.serializer())
    private val orders = List(20_000) { Order(it.toLong(), "customer \"$it\" ü", it * 0.5, List(it % 3) { "line" }) }
    private val text = Json.encodeToString(orders)
    private val broken = text.replaceFirst("\"total\":1.0", "\"total\":\"one\"")

    @Test
    fun `the classpath holds kotlinx-serialization 1_9 and Kotlin's stdlib 2_2, the lowest supported`() {
        val jar = Json::class.java.protectionDomain.codeSource.location.path
        assertTrue(jar.endsWith("kotlinx-serialization-json-jvm-1.9.0.jar")) { "kotlinx-serialization-json from $jar" }
        assertTrue(KotlinVersion.CURRENT.major == 2 && KotlinVersion.CURRENT.minor == 2) { "${KotlinVersion.CURRENT}" }
    }

    @Test
    fun `strings, bytes and trees give what Json gives`() {
        ParallelJson(Json) { minParallelChars = 0 }.use { parallel ->
            assertEquals(text, parallel.encodeToString(orders))
            assertEquals(orders, parallel.decodeFromString<List<Order>>(text))
            assertEquals(orders, parallel.decodeFromByteArray(list, text.encodeToByteArray()))
            assertEquals(text, parallel.encodeToByteArray(list, orders).decodeToString())
            val tree = parallel.parseToJsonElement(text)
            assertEquals(Json.parseToJsonElement(text), tree)
            assertEquals(tree, parallel.encodeToJsonElement(list, orders))
            assertEquals(orders, parallel.decodeFromJsonElement(list, tree))
            val expected = assertThrows(SerializationException::class.java) { Json.decodeFromString(list, broken) }
            val thrown = assertThrows(SerializationException::class.java) { parallel.decodeFromString(list, broken) }
            assertEquals(expected.javaClass, thrown.javaClass)
            assertEquals(expected.message, thrown.message)
            assertEquals(0L, parallel.fallbacks().lenientText)
        }
    }

    @Test
    fun `streams, sequences, iterables and flows give what Json gives, and fail with Json's exception class`() {
        ParallelJson.builder(Json).streamBatchBytes(64 * 1024).build().use { parallel ->
            val out = ByteArrayOutputStream()
            parallel.encodeToStream(orders, out)
            assertEquals(text, out.toString(Charsets.UTF_8))
            assertEquals(orders, parallel.decodeFromStream<List<Order>>(text.byteInputStream()))
            assertEquals(orders, parallel.decodeToSequence<Order>(text.byteInputStream()).toList())
            assertEquals(orders, parallel.decodeToIterable(text.byteInputStream(), Order.serializer()).toList())
            assertEquals(orders, runBlocking { parallel.decodeToFlow<Order>(text.byteInputStream()).toList() })
            val fromSequence = ByteArrayOutputStream()
            parallel.encodeToStream(Order.serializer(), orders.asSequence(), fromSequence)
            assertEquals(text, fromSequence.toString(Charsets.UTF_8))
            val fromFlow = ByteArrayOutputStream()
            runBlocking { parallel.encodeToStream(Order.serializer(), orders.asFlow(), fromFlow) }
            assertEquals(text, fromFlow.toString(Charsets.UTF_8))
            val expected = assertThrows(SerializationException::class.java) {
                Json.decodeToSequence<Order>(broken.byteInputStream()).toList()
            }
            val thrown = assertThrows(SerializationException::class.java) {
                parallel.decodeToSequence<Order>(broken.byteInputStream()).toList()
            }
            assertInstanceOf(expected.javaClass, thrown, thrown.message)
            assertEquals(orders, parallel.decodeFromStream<List<Order>>(text.byteInputStream()))
        }
    }

    @Test
    fun `the suspending calls give what Json gives`() = runBlocking<Unit> {
        ParallelJson(Json) { minParallelChars = 0 }.use { parallel ->
            assertEquals(text, parallel.encodeToStringSuspending(orders))
            assertEquals(orders, parallel.decodeFromStringSuspending<List<Order>>(text))
            assertEquals(text, parallel.encodeToByteArraySuspending(list, orders).decodeToString())
            assertEquals(orders, parallel.decodeFromByteArraySuspending(list, text.encodeToByteArray()))
        }
    }

    @Test
    fun `another engine's lists split through ParallelJsonLists give that engine's results`() {
        val engine = object : JsonListEngine<Order> {
            override val name = "kotlinx Json"

            override fun encodeList(elements: List<Order>): String = Json.encodeToString(list, elements)

            override fun decodeList(text: String): List<Order> = Json.decodeFromString(list, text)
        }
        ParallelJson.builder().parallelism(2).lists(engine).use { lists ->
            assertEquals(text, lists.encodeToString(orders))
            assertEquals(orders, lists.decodeFromString(text))
            assertEquals(0L, lists.fallbacks().total)
        }
    }

    @Test
    fun `a closed instance refuses calls, naming itself`() {
        val parallel = ParallelJson(Json)
        parallel.close()
        val refused = assertThrows(IllegalStateException::class.java) { parallel.decodeFromString<List<Order>>(text) }
        assertTrue(refused.message.orEmpty().contains("ParallelJson")) { "${refused.message}" }
    }
}
