package serialbench.parallel.spring

import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.context.TestConfiguration
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Import
import org.springframework.core.ResolvableType
import org.springframework.http.MediaType
import org.springframework.http.converter.json.KotlinSerializationJsonHttpMessageConverter
import org.springframework.mock.http.MockHttpOutputMessage
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RestController
import serialbench.parallel.ParallelJson
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicInteger

/**
 * A real Spring Boot 4 application on a random loopback port, configured by the auto-configuration alone, and a
 * real HTTP client: bodies of every kind, bytes against Spring's own kotlinx converter, bad bodies.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = ["server.address=127.0.0.1"])
@Import(ParallelJsonSpringTest.SplitCounting::class)
class ParallelJsonSpringTest {
    @Serializable
    data class Order(
        val id: Long,
        val customer: String,
        val lines: List<String>,
        val total: Double,
        val note: String? = null,
    )

    @SpringBootApplication(proxyBeanMethods = false)
    @RestController
    class Application {
        @PostMapping("/orders/reversed")
        fun reversed(@RequestBody orders: List<Order>): List<Order> = orders.reversed()

        @PostMapping("/order")
        fun one(@RequestBody order: Order): Order = order.copy(total = order.total * 2)

        @PostMapping("/orders/by-id")
        fun byId(@RequestBody orders: Map<String, Order>): Map<String, Order> = orders

        @PostMapping("/count")
        fun count(@RequestBody orders: List<Order>): String = orders.size.toString()
    }

    /** A ParallelJson whose split tasks are counted, so the tests see that lists went through it. */
    @TestConfiguration(proxyBeanMethods = false)
    class SplitCounting {
        @Bean
        fun splitTasks(): AtomicInteger = AtomicInteger()

        @Bean
        fun parallelJson(json: Json, splitTasks: AtomicInteger): ParallelJson {
            val executor = Executor { task ->
                Thread {
                    splitTasks.incrementAndGet()
                    task.run()
                }.start()
            }
            return ParallelJson(json) {
                parallelism = 2
                minParallelChars = 0
                adaptiveSplit = false
                this.executor = executor
            }
        }
    }

    @LocalServerPort
    private var port: Int = 0

    @Autowired
    private lateinit var splitTasks: AtomicInteger

    @Autowired
    private lateinit var json: Json

    /** Every bean that is Spring's kotlinx converter or a subclass of it. */
    @Autowired
    private lateinit var converters: List<KotlinSerializationJsonHttpMessageConverter>

    private val client = HttpClient.newHttpClient()
    private val orders = List(5_000) { i ->
        Order(i.toLong(), "customer \"$i\" ü", List(i % 3) { "line $it" }, i * 1.5, "n".takeIf { i % 2 == 0 })
    }
    private val listSerializer = ListSerializer(Order.serializer())

    private fun post(path: String, body: String): HttpResponse<String> = client.send(
        HttpRequest.newBuilder(URI("http://127.0.0.1:$port$path"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString(),
    )

    @Test
    fun `a list goes through ParallelJson and comes back byte for byte what Spring's kotlinx converter writes`() {
        val before = splitTasks.get()
        val answer = post("/orders/reversed", json.encodeToString(listSerializer, orders))
        assertThat(answer.statusCode()).isEqualTo(200)
        assertThat(answer.body()).isEqualTo(springWrites(orders.reversed(), LIST))
        assertThat(json.decodeFromString(listSerializer, answer.body())).isEqualTo(orders.reversed())
        assertThat(splitTasks.get()).describedAs("split tasks run on the ParallelJson bean's executor")
            .isGreaterThan(before)
    }

    @Test
    fun `an object and a map travel as Spring's kotlinx converter writes them`() {
        val one = post("/order", json.encodeToString(Order.serializer(), orders[3]))
        assertThat(one.statusCode()).isEqualTo(200)
        assertThat(one.body()).isEqualTo(springWrites(orders[3].copy(total = orders[3].total * 2), ORDER))
        val byId = orders.take(20).associateBy { it.id.toString() }
        val mapSerializer = MapSerializer(String.serializer(), Order.serializer())
        val map = post("/orders/by-id", json.encodeToString(mapSerializer, byId))
        assertThat(map.body()).isEqualTo(springWrites(byId, MAP))
    }

    @Test
    fun `a malformed body is answered 400 and the server keeps serving`() {
        val text = json.encodeToString(listSerializer, orders.take(3))
        for (broken in listOf(text.replaceFirst("\"customer\":", "\"customer\""), "[", "[{\"id\": 1}]", "\u0000")) {
            assertThat(post("/count", broken).statusCode()).describedAs(broken).isEqualTo(400)
        }
        assertThat(post("/count", text).body()).isEqualTo("3")
    }

    @Test
    fun `the auto-configuration puts its converter in the place of Spring's own kotlinx converter`() {
        assertThat(converters).hasSize(1).first().isInstanceOf(ParallelJsonHttpMessageConverter::class.java)
        val lists = ParallelJsonHttpMessageConverter(ParallelJson(json) { parallelism = 2 })
        assertThat(lists.canRead(LIST, MediaType.APPLICATION_JSON)).isTrue()
        val notSerializable = ResolvableType.forClass(StringBuilder::class.java)
        assertThat(lists.canRead(notSerializable, MediaType.APPLICATION_JSON)).isFalse()
    }

    /** What Spring's own kotlinx converter, over the same [json], writes for [value] of [type]. */
    private fun springWrites(value: Any, type: ResolvableType): String {
        val output = MockHttpOutputMessage()
        KotlinSerializationJsonHttpMessageConverter(json).write(value, type, MediaType.APPLICATION_JSON, output, null)
        return output.bodyAsString
    }

    private companion object {
        val LIST: ResolvableType = ResolvableType.forClassWithGenerics(List::class.java, Order::class.java)
        val ORDER: ResolvableType = ResolvableType.forClass(Order::class.java)
        val MAP: ResolvableType =
            ResolvableType.forClassWithGenerics(Map::class.java, String::class.java, Order::class.java)
    }
}
