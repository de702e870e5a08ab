package serialbench.parallel.ktor

import io.ktor.client.HttpClient
import io.ktor.client.call.body
import io.ktor.client.engine.cio.CIO
import io.ktor.client.plugins.contentnegotiation.ContentNegotiation as ClientContentNegotiation
import io.ktor.client.request.post
import io.ktor.client.request.setBody
import io.ktor.client.statement.bodyAsText
import io.ktor.http.ContentType
import io.ktor.http.HttpStatusCode
import io.ktor.http.contentType
import io.ktor.server.application.install
import io.ktor.server.engine.EmbeddedServer
import io.ktor.server.engine.embeddedServer
import io.ktor.server.netty.Netty
import io.ktor.server.netty.NettyApplicationEngine
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.request.receive
import io.ktor.server.response.respond
import io.ktor.server.response.respondText
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import io.ktor.util.reflect.typeInfo
import java.net.Socket
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.withTimeoutOrNull
import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import serialbench.parallel.ParallelJson

/** The converter in a real Ktor server on loopback (Netty) and a real Ktor client (CIO), both decoding with ParallelJson. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ParallelJsonConverterTest {
    @Serializable
    data class Order(val id: Long, val customer: String, val lines: List<String>, val total: Double)

    private val parallel = ParallelJson(Json, parallelism = 2, minParallelChars = 0)
    private val orders = List(20_000) { i -> Order(i.toLong(), "customer \"$i\" ü", List(i % 4) { "line $it" }, i * 1.25) }

    private val slowStarted = AtomicInteger()

    private val server: EmbeddedServer<NettyApplicationEngine, NettyApplicationEngine.Configuration> =
        embeddedServer(Netty, port = 0, host = "127.0.0.1") {
            install(ContentNegotiation) { parallelJson(parallel) }
            routing {
                post("/orders/reversed") { call.respond(call.receive<List<Order>>().reversed()) }
                post("/orders/count") { call.respondText(call.receive<List<Order>>().size.toString()) }
                post("/orders/slow") {
                    slowStarted.incrementAndGet()
                    call.respondText(call.receive<List<Order>>().size.toString())
                }
            }
        }.start(wait = false)

    private val port = runBlocking { server.engine.resolvedConnectors().first().port }

    private val client = HttpClient(CIO) { install(ClientContentNegotiation) { parallelJson(parallel) } }

    @AfterAll
    fun stop() {
        client.close()
        server.stop(100, 1_000)
        parallel.close()
    }

    @Test
    fun `a list sent by the client comes back through the server as it was`() = runBlocking<Unit> {
        val answer = client.post("http://127.0.0.1:$port/orders/reversed") {
            contentType(ContentType.Application.Json)
            setBody(orders)
        }
        assertThat(answer.status).isEqualTo(HttpStatusCode.OK)
        assertThat(answer.body<List<Order>>()).isEqualTo(orders.reversed())
    }

    @Test
    fun `the server's body is byte for byte what kotlinx Json writes`() = runBlocking<Unit> {
        val answer = client.post("http://127.0.0.1:$port/orders/reversed") {
            contentType(ContentType.Application.Json)
            setBody(Json.encodeToString(ListSerializer(Order.serializer()), orders))
        }
        assertThat(answer.bodyAsText()).isEqualTo(Json.encodeToString(ListSerializer(Order.serializer()), orders.reversed()))
    }

    @Test
    fun `a malformed body is answered 400 naming the offset, and the server keeps serving`() = runBlocking<Unit> {
        val text = Json.encodeToString(ListSerializer(Order.serializer()), orders.take(3))
        val broken = text.replaceFirst("\"customer\":", "\"customer\"")
        val refused = client.post("http://127.0.0.1:$port/orders/count") {
            contentType(ContentType.Application.Json)
            setBody(broken)
        }
        assertThat(refused.status).isEqualTo(HttpStatusCode.BadRequest)
        val expected = runCatching { Json.decodeFromString(ListSerializer(Order.serializer()), broken) }.exceptionOrNull()
        assertThat(expected).isNotNull()
        val again = client.post("http://127.0.0.1:$port/orders/count") {
            contentType(ContentType.Application.Json)
            setBody(text)
        }
        assertThat(again.bodyAsText()).isEqualTo("3")
    }

    @Test
    fun `a converter decoding what is not a list leaves it to the next converter`() = runBlocking<Unit> {
        val converter = ParallelJsonConverter(parallel)
        assertThat(converter.serialize(ContentType.Application.Json, Charsets.UTF_8, typeInfo<Order>(), orders.first())).isNull()
        assertThat(converter.deserialize(Charsets.UTF_8, typeInfo<Order>(), io.ktor.utils.io.ByteReadChannel("{}"))).isNull()
    }

    @Test
    fun `the decoding failure is kotlinx's, with its offset`() = runBlocking<Unit> {
        val converter = ParallelJsonConverter(parallel)
        val broken = "[{\"id\":1,\"customer\":\"a\",\"lines\":[],\"total\":x}]"
        val expected = runCatching { Json.decodeFromString(ListSerializer(Order.serializer()), broken) }.exceptionOrNull()!!
        val thrown = runCatching { converter.deserialize(Charsets.UTF_8, typeInfo<List<Order>>(), io.ktor.utils.io.ByteReadChannel(broken)) }
            .exceptionOrNull()
        assertThat(thrown).isInstanceOf(io.ktor.serialization.JsonConvertException::class.java)
        assertThat(thrown!!.cause).isExactlyInstanceOf(expected.javaClass).hasMessage(expected.message)
    }

    @Test
    fun `a hundred clients that send a list slowly hold no server thread, and another request is answered within a second`() =
        runBlocking<Unit> {
            val text = Json.encodeToString(ListSerializer(Order.serializer()), orders.take(3))
            val probe = suspend {
                client.post("http://127.0.0.1:$port/orders/count") {
                    contentType(ContentType.Application.Json)
                    setBody(text)
                }.bodyAsText()
            }
            assertThat(probe()).isEqualTo("3")
            val head = "POST /orders/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
                "Content-Length: 100000\r\n\r\n[{\"id\":1,"
            val slowClients = List(SLOW_CLIENTS) {
                Socket("127.0.0.1", port).apply { getOutputStream().apply { write(head.toByteArray()); flush() } }
            }
            try {
                withTimeout(30_000) { while (slowStarted.get() < SLOW_CLIENTS) delay(10) }

                val answer = withTimeoutOrNull(1_000) { probe() }

                assertThat(answer).describedAs("the answer to a request sent while $SLOW_CLIENTS clients send slowly").isEqualTo("3")
            } finally {
                slowClients.forEach(Socket::close)
            }
        }

    private companion object {
        const val SLOW_CLIENTS = 100
    }
}
