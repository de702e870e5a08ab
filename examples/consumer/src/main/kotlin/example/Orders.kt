package example

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import serialbench.parallel.ParallelJson

/** What a service sends and receives by the thousand. */
@Serializable
data class Order(val id: Long, val customer: String, val total: Double, val lines: List<String>)

/** Encodes a list of orders with ParallelJson, decodes it back, and prints what it did. */
fun main() {
    val orders = List(50_000) { Order(it.toLong(), "customer $it", it * 0.5, List(it % 3) { line -> "line $line" }) }
    ParallelJson(Json) { parallelism = 4 }.use { parallel ->
        val text = parallel.encodeToString(ListSerializer(Order.serializer()), orders)
        val decoded = parallel.decodeFromString(ListSerializer(Order.serializer()), text)
        check(decoded == orders) { "the decoded list differs from the encoded one" }
        println("${decoded.size} orders, ${text.length} characters, on ${parallel.parallelism} threads")
    }
}
