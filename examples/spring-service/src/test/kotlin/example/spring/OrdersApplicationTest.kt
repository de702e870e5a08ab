package example.spring

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.converter.HttpMessageConverter
import serialbench.parallel.spring.ParallelJsonHttpMessageConverter
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OrdersApplicationTest {
    @LocalServerPort
    private var port = 0

    @Autowired
    private lateinit var converters: List<HttpMessageConverter<*>>

    private val list = ListSerializer(Order.serializer())

    @Test
    fun `the auto-configuration alone puts ParallelJson's converter in place`() {
        assertTrue(converters.any { it is ParallelJsonHttpMessageConverter }) { "converters: $converters" }
    }

    @Test
    fun `a large list is answered with the bytes Json writes`() {
        val orders = List(20_000) { Order(it.toLong(), "customer \"$it\"", it % 3 - 1.0) }
        val request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:$port/orders/paid"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.encodeToString(list, orders)))
            .build()
        val response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString())
        assertEquals(200, response.statusCode())
        assertEquals(Json.encodeToString(list, orders.filter { it.total > 0 }), response.body())
    }
}
