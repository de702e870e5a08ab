package example

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import serialbench.parallel.ParallelJson

class OrdersTest {
    private val orders =
        List(20_000) { Order(it.toLong(), "customer \"$it\"", it * 1.5, List(it % 4) { line -> "line $line" }) }
    private val list = ListSerializer(Order.serializer())

    @Test
    fun `ParallelJson decodes what Json decodes and writes the bytes Json writes`() {
        ParallelJson(Json) { parallelism = 2; minParallelChars = 0 }.use { parallel ->
            val text = Json.encodeToString(list, orders)
            assertEquals(Json.decodeFromString(list, text), parallel.decodeFromString(list, text))
            assertEquals(text, parallel.encodeToString(list, orders))
            val fromStream = parallel.decodeFromStream(list, text.byteInputStream())
            assertEquals(orders, fromStream)
        }
    }

    @Test
    fun `a broken list fails as Json fails`() {
        val broken = Json.encodeToString(list, orders.take(100)).replaceFirst("\"total\":", "\"total\"")
        val expected = assertThrows(Exception::class.java) { Json.decodeFromString(list, broken) }
        ParallelJson(Json) { parallelism = 2; minParallelChars = 0 }.use { parallel ->
            val thrown = assertThrows(Exception::class.java) { parallel.decodeFromString(list, broken) }
            assertEquals(expected.javaClass, thrown.javaClass)
            assertEquals(expected.message, thrown.message)
        }
    }
}
