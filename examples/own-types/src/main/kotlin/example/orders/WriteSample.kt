package example.orders

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import java.io.File

/** Writes `SampleOrders.generate(2026, count)` as compact JSON to the file `args[0]`; `args[1]` is the count (500). */
fun main(args: Array<String>) {
    require(args.isNotEmpty()) { "usage: WriteSample <file> [count]" }
    val count = args.getOrNull(1)?.toInt() ?: 500
    val json = Json { prettyPrint = false }
    val text = json.encodeToString(ListSerializer(Order.serializer()), SampleOrders.generate(2026, count))
    File(args[0]).writeText(text, Charsets.UTF_8)
    println("$count orders, ${text.toByteArray(Charsets.UTF_8).size} bytes, in ${args[0]}")
}
