package example.ktor

import io.ktor.serialization.kotlinx.json.DefaultJson
import io.ktor.server.engine.embeddedServer
import io.ktor.server.netty.Netty
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.builtins.ListSerializer
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse

class OrdersServiceTest {
    private val list = ListSerializer(Order.serializer())

    @Test
    fun `a large list is answered with the bytes DefaultJson writes, and lenient input is read as it reads it`() {
        val server = embeddedServer(Netty, port = 0, host = "127.0.0.1") { orders() }.start(wait = false)
        try {
            val port = runBlocking { server.engine.resolvedConnectors().first().port }
            val orders = List(20_000) { Order(it.toLong(), "customer \"$it\"", it % 3 - 1.0) }
            val paid = post(port, DefaultJson.encodeToString(list, orders))
            assertEquals(200, paid.statusCode())
            assertEquals(DefaultJson.encodeToString(list, orders.filter { it.total > 0 }), paid.body())
            val lenient = post(port, "[{id: 1, customer: plain, total: 2.5}]")
            assertEquals(DefaultJson.encodeToString(list, listOf(Order(1, "plain", 2.5))), lenient.body())
            val streamed = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:$port/orders/stream")).GET())
            assertEquals(200, streamed.statusCode())
            assertEquals(DefaultJson.encodeToString(list, runBlocking { orderRepository.all().toList() }), streamed.body())
        } finally {
            server.stop(100, 1_000)
        }
    }

    private fun post(port: Int, body: String): HttpResponse<String> = send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:$port/orders/paid"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)),
    )

    private fun send(request: HttpRequest.Builder): HttpResponse<String> =
        HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString())
}
