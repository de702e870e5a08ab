package example.spring

import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeToSequence
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.ParallelJson
import java.io.ByteArrayOutputStream
import java.util.concurrent.TimeUnit

/**
 * Every public call of ParallelJson on the versions Spring Boot manages (kotlinx-serialization 1.9, coroutines
 * 1.10, Kotlin 2.2), the floor the library supports: each gives what Json gives, failures included.
 */
@OptIn(ExperimentalSerializationApi::class)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ParallelJsonOnBootVersionsTest {
    private val list = ListSerializer(Order.serializer())
    private val orders = List(20_000) { Order(it.toLong(), "customer \"$it\" ü", it % 3 - 1.0) }
    private val text = Json.encodeToString(list, orders)
    private val broken = text.replaceFirst("\"total\":-1.0", "\"total\":\"minus one\"")

    @Test
    fun `the classpath holds Boot's kotlinx-serialization 1_9`() {
        val jar = Json::class.java.protectionDomain.codeSource.location.path
        assertTrue(jar.contains("kotlinx-serialization-json-jvm-1.9.")) { "kotlinx-serialization-json from $jar" }
    }

    @Test
    fun `strings, bytes and trees give what Json gives`() {
        ParallelJson(Json) { minParallelChars = 0 }.use { parallel ->
            assertEquals(text, parallel.encodeToString(list, orders))
            assertEquals(orders, parallel.decodeFromString(list, text))
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
        }
    }

    @Test
    fun `streams, sequences and flows give what Json gives, and fail with Json's exception class`() {
        ParallelJson(Json) { streamBatchBytes = 64 * 1024 }.use { parallel ->
            val out = ByteArrayOutputStream()
            parallel.encodeToStream(list, orders, out)
            assertEquals(text, out.toString(Charsets.UTF_8))
            assertEquals(orders, parallel.decodeFromStream(list, text.byteInputStream()))
            assertEquals(orders, parallel.decodeToSequence(text.byteInputStream(), Order.serializer()).toList())
            val flow = parallel.decodeToFlow(text.byteInputStream(), Order.serializer())
            assertEquals(orders, runBlocking { flow.toList() })
            val fromSequence = ByteArrayOutputStream()
            parallel.encodeToStream(Order.serializer(), orders.asSequence(), fromSequence)
            assertEquals(text, fromSequence.toString(Charsets.UTF_8))
            val fromFlow = ByteArrayOutputStream()
            runBlocking { parallel.encodeToStream(Order.serializer(), orders.asFlow(), fromFlow) }
            assertEquals(text, fromFlow.toString(Charsets.UTF_8))
            val expected = assertThrows(SerializationException::class.java) {
                Json.decodeToSequence(broken.byteInputStream(), Order.serializer()).toList()
            }
            val thrown = assertThrows(SerializationException::class.java) {
                parallel.decodeToSequence(broken.byteInputStream(), Order.serializer()).toList()
            }
            assertInstanceOf(expected.javaClass, thrown, thrown.message)
            // a second stream call in the same JVM works as the first did
            assertEquals(orders, parallel.decodeFromStream(list, text.byteInputStream()))
        }
    }

    @Test
    fun `the suspending calls give what Json gives`() = runBlocking<Unit> {
        ParallelJson(Json) { minParallelChars = 0 }.use { parallel ->
            assertEquals(text, parallel.encodeToStringSuspending(list, orders))
            assertEquals(orders, parallel.decodeFromStringSuspending(list, text))
            assertEquals(text, parallel.encodeToByteArraySuspending(list, orders).decodeToString())
            assertEquals(orders, parallel.decodeFromByteArraySuspending(list, text.encodeToByteArray()))
        }
    }
}
