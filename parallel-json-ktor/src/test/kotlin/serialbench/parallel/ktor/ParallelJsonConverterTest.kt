package serialbench.parallel.ktor

import io.ktor.client.HttpClient
import io.ktor.client.call.body
import io.ktor.client.engine.cio.CIO
import io.ktor.client.request.get
import io.ktor.client.request.post
import io.ktor.client.request.setBody
import io.ktor.client.statement.bodyAsText
import io.ktor.http.ContentType
import io.ktor.http.HttpStatusCode
import io.ktor.http.charset
import io.ktor.http.content.OutgoingContent
import io.ktor.http.contentType
import io.ktor.serialization.Configuration
import io.ktor.serialization.ContentConverter
import io.ktor.serialization.kotlinx.KotlinxSerializationConverter
import io.ktor.serialization.kotlinx.json.DefaultJson
import io.ktor.server.application.install
import io.ktor.server.engine.EmbeddedServer
import io.ktor.server.engine.embeddedServer
import io.ktor.server.netty.Netty
import io.ktor.server.netty.NettyApplicationEngine
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.request.receive
import io.ktor.server.response.respond
import io.ktor.server.response.respondText
import io.ktor.server.routing.get
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import io.ktor.util.reflect.typeInfo
import io.ktor.utils.io.ByteChannel
import io.ktor.utils.io.ByteReadChannel
import io.ktor.utils.io.readByteArray
import io.ktor.utils.io.toByteArray
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.withTimeoutOrNull
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import serialbench.parallel.ParallelJson
import java.net.Socket
import java.util.concurrent.Executor
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import io.ktor.client.plugins.contentnegotiation.ContentNegotiation as ClientContentNegotiation

/**
 * The converter in a real Ktor server on loopback (Netty) and a real Ktor client (CIO), both decoding with
 * ParallelJson.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ParallelJsonConverterTest {
    @Serializable
    data class Order(
        val id: Long,
        val customer: String,
        val lines: List<String>,
        val total: Double,
        val note: String? = "n",
    )

    private val parallel = ParallelJson(Json) {
        parallelism = 2
        minParallelChars = 0
    }
    private val orders =
        List(20_000) { i -> Order(i.toLong(), "customer \"$i\" ü", List(i % 4) { "line $it" }, i * 1.25) }

    private val slowStarted = AtomicInteger()

    private val server: EmbeddedServer<NettyApplicationEngine, NettyApplicationEngine.Configuration> =
        embeddedServer(Netty, port = 0, host = "127.0.0.1") {
            install(ContentNegotiation) { parallelJson(parallel) }
            routing {
                post("/orders/reversed") { call.respond(call.receive<List<Order>>().reversed()) }
                post("/orders/count") { call.respondText(call.receive<List<Order>>().size.toString()) }
                post("/order") { call.respond(call.receive<Order>()) }
                post("/orders/by-id") { call.respond(call.receive<Map<String, Order>>()) }
                post("/orders/set") { call.respond(call.receive<Set<Order>>()) }
                get("/orders/flow") {
                    val count = call.request.queryParameters["count"]?.toInt() ?: orders.size
                    call.respond(orders.take(count).asFlow())
                }
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
        assertThat(answer.bodyAsText())
            .isEqualTo(Json.encodeToString(ListSerializer(Order.serializer()), orders.reversed()))
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
        val expected = runCatching {
            Json.decodeFromString(ListSerializer(Order.serializer()), broken)
        }.exceptionOrNull()
        assertThat(expected).isNotNull()
        val again = client.post("http://127.0.0.1:$port/orders/count") {
            contentType(ContentType.Application.Json)
            setBody(text)
        }
        assertThat(again.bodyAsText()).isEqualTo("3")
    }

    @Test
    fun `a type with no serializer is left to the next converter`() = runBlocking<Unit> {
        val converter = ParallelJsonConverter(parallel)
        val notSerializable = StringBuilder("x")
        assertThat(
            converter.serialize(
                ContentType.Application.Json,
                Charsets.UTF_8,
                typeInfo<StringBuilder>(),
                notSerializable,
            ),
        )
            .isNull()
        assertThat(converter.deserialize(Charsets.UTF_8, typeInfo<StringBuilder>(), ByteReadChannel("{}"))).isNull()
    }

    @Test
    fun `an object, a map and a set travel through the server as they were`() = runBlocking<Unit> {
        val order = orders[3]
        val one = client.post("http://127.0.0.1:$port/order") {
            contentType(ContentType.Application.Json)
            setBody(order)
        }
        assertThat(one.body<Order>()).isEqualTo(order)
        val byId = orders.take(50).associateBy { it.id.toString() }
        val map = client.post("http://127.0.0.1:$port/orders/by-id") {
            contentType(ContentType.Application.Json)
            setBody(byId)
        }
        assertThat(map.body<Map<String, Order>>()).isEqualTo(byId)
        val set = client.post("http://127.0.0.1:$port/orders/set") {
            contentType(ContentType.Application.Json)
            setBody(orders.toSet())
        }
        assertThat(set.body<Set<Order>>()).isEqualTo(orders.toSet())
    }

    @Test
    fun `a Flow response is one JSON array, byte for byte what Json writes for the list`() = runBlocking<Unit> {
        val answer = client.get("http://127.0.0.1:$port/orders/flow")
        assertThat(answer.bodyAsText()).isEqualTo(Json.encodeToString(ListSerializer(Order.serializer()), orders))
        val empty = client.get("http://127.0.0.1:$port/orders/flow?count=0")
        assertThat(empty.bodyAsText()).isEqualTo("[]")
        val pretty = Json { prettyPrint = true }
        ParallelJson(pretty) {
            parallelism = 2
            minParallelChars = 0
        }.use { prettyParallel ->
            for (count in listOf(0, 1, 3, 2_500)) {
                val content = ParallelJsonConverter(prettyParallel).serialize(
                    ContentType.Application.Json,
                    Charsets.UTF_8,
                    typeInfo<Flow<Order>>(),
                    orders.take(count).asFlow(),
                )
                assertThat(written(content!!))
                    .describedAs("$count orders")
                    .isEqualTo(pretty.encodeToString(ListSerializer(Order.serializer()), orders.take(count)))
            }
        }
    }

    @Test
    fun `a Flow response is UTF-8 whatever charset is asked, and a pausing flow's elements go out before the pause`() =
        runBlocking<Unit> {
            val converter = ParallelJsonConverter(parallel)
            val list = ListSerializer(Order.serializer())
            val utf16 = converter.serialize(
                ContentType.Application.Json,
                Charsets.UTF_16,
                typeInfo<Flow<Order>>(),
                orders.take(2_500).asFlow(),
            )!!
            assertThat(utf16.contentType?.charset()).isEqualTo(Charsets.UTF_8)
            assertThat(written(utf16)).isEqualTo(Json.encodeToString(list, orders.take(2_500)))

            val resume = CompletableDeferred<Unit>()
            val pausing = flow {
                emit(orders[0])
                emit(orders[1])
                resume.await()
                emit(orders[2])
            }
            val content = converter.serialize(
                ContentType.Application.Json,
                Charsets.UTF_8,
                typeInfo<Flow<Order>>(),
                pausing,
            ) as OutgoingContent.WriteChannelContent
            val firstTwo = Json.encodeToString(list, orders.take(2)).dropLast(1).encodeToByteArray()
            val channel = ByteChannel()
            coroutineScope {
                launch {
                    content.writeTo(channel)
                    channel.flushAndClose()
                }
                // Before the flow goes on: the two elements it produced are written (a hang guard, not a timing).
                val before = withTimeout(60_000) { channel.readByteArray(firstTwo.size) }
                assertThat(before.decodeToString()).isEqualTo(firstTwo.decodeToString())
                resume.complete(Unit)
                val rest = channel.toByteArray().decodeToString()
                assertThat(before.decodeToString() + rest).isEqualTo(Json.encodeToString(list, orders.take(3)))
            }
        }

    @Test
    fun `a Sequence body in another charset and a value declared Any are read and written as json() does`() =
        runBlocking<Unit> {
            val converter = ParallelJsonConverter(parallel)
            val ktor = KotlinxSerializationConverter(Json)
            val text = Json.encodeToString(ListSerializer(Order.serializer()), orders.take(300))
            val latin1 = text.toByteArray(Charsets.ISO_8859_1)
            val info = typeInfo<Sequence<Order>>()
            val ours = converter.deserialize(Charsets.ISO_8859_1, info, ByteReadChannel(latin1)) as Sequence<*>
            assertThat(ours.toList()).isEqualTo(orders.take(300))

            val declaredAny: Any = orders[5]
            val theirs = ktor.serialize(ContentType.Application.Json, Charsets.UTF_8, typeInfo<Any>(), declaredAny)
            val mine = converter.serialize(ContentType.Application.Json, Charsets.UTF_8, typeInfo<Any>(), declaredAny)
            assertThat(mine).isNotNull()
            assertThat(written(mine!!)).isEqualTo(written(theirs!!))
        }

    @Test
    fun `with Ktor's DefaultJson, every body is byte for byte what json() writes and reads`() = runBlocking<Unit> {
        val ktor = KotlinxSerializationConverter(DefaultJson)
        ParallelJson(DefaultJson) {
            parallelism = 2
            minParallelChars = 0
        }.use { lenient ->
            val converter = ParallelJsonConverter(lenient)
            val noted = orders.take(200).map { it.copy(note = null) }
            suspend fun <T> same(info: io.ktor.util.reflect.TypeInfo, value: T) {
                val ours = written(converter.serialize(ContentType.Application.Json, Charsets.UTF_8, info, value)!!)
                val theirs = written(ktor.serialize(ContentType.Application.Json, Charsets.UTF_8, info, value))
                assertThat(ours).isEqualTo(theirs)
                assertThat(converter.deserialize(Charsets.UTF_8, info, ByteReadChannel(theirs)))
                    .isEqualTo(ktor.deserialize(Charsets.UTF_8, info, ByteReadChannel(theirs)))
            }
            same(typeInfo<List<Order>>(), noted)
            same(typeInfo<Order>(), noted.first())
            same(typeInfo<Map<String, Order>>(), noted.associateBy { it.customer })
            // lenient input, as DefaultJson reads it
            val lenientText = "[{id: 1, customer: plain, lines: [], total: 2.5}]"
            assertThat(converter.deserialize(Charsets.UTF_8, typeInfo<List<Order>>(), ByteReadChannel(lenientText)))
                .isEqualTo(DefaultJson.decodeFromString(ListSerializer(Order.serializer()), lenientText))
        }
    }

    @Test
    fun `with parallelJson()'s defaults, Ktor's DefaultJson, large list and map bodies split and match json()`() =
        runBlocking<Unit> {
            val pool = Executors.newFixedThreadPool(1)
            val handed = AtomicInteger()
            val counting = Executor { task -> handed.incrementAndGet().also { pool.execute(task) } }
            val registered = Registered()
            // The Json is parallelJson()'s default; the executor counts split tasks, and splitting is not left to
            // measured costs, so that the count does not depend on this machine's speed.
            registered.parallelJson {
                parallelism = 2
                adaptiveSplit = false
                executor = counting
            }
            val converter = registered.converters.getValue(ContentType.Application.Json)
            val ktor = KotlinxSerializationConverter(DefaultJson)
            val noted = orders.map { it.copy(note = null) }
            suspend fun <T> splitsLikeJson(info: io.ktor.util.reflect.TypeInfo, value: T) {
                handed.set(0)
                val ours = written(converter.serialize(ContentType.Application.Json, Charsets.UTF_8, info, value)!!)
                assertThat(handed.get()).describedAs("split tasks encoding ${info.type}").isGreaterThan(0)
                val theirs = written(ktor.serialize(ContentType.Application.Json, Charsets.UTF_8, info, value))
                assertThat(ours).isEqualTo(theirs)
                handed.set(0)
                val decoded = converter.deserialize(Charsets.UTF_8, info, ByteReadChannel(theirs))
                assertThat(handed.get()).describedAs("split tasks decoding ${info.type}").isGreaterThan(0)
                assertThat(decoded).isEqualTo(ktor.deserialize(Charsets.UTF_8, info, ByteReadChannel(theirs)))
            }
            try {
                assertThat(noted).hasSize(20_000)
                splitsLikeJson(typeInfo<List<Order>>(), noted)
                splitsLikeJson(typeInfo<Map<String, Order>>(), noted.associateBy { "o${it.id}" })
                // Lenient input (unquoted keys), which strict Json refuses, is read as DefaultJson reads it.
                val lenientText = DefaultJson.encodeToString(ListSerializer(Order.serializer()), noted)
                    .replace("\"id\":", "id:").replace("\"lines\":", "lines:")
                assertThatThrownBy { Json.decodeFromString(ListSerializer(Order.serializer()), lenientText) }
                    .isInstanceOf(SerializationException::class.java)
                assertThat(converter.deserialize(Charsets.UTF_8, typeInfo<List<Order>>(), ByteReadChannel(lenientText)))
                    .isEqualTo(DefaultJson.decodeFromString(ListSerializer(Order.serializer()), lenientText))
            } finally {
                pool.shutdown()
            }
        }

    /** What `install(ContentNegotiation) { ... }` registers, by content type. */
    private class Registered : Configuration {
        val converters = mutableMapOf<ContentType, ContentConverter>()

        override fun <T : ContentConverter> register(
            contentType: ContentType,
            converter: T,
            configuration: T.() -> Unit,
        ) {
            converters[contentType] = converter.apply(configuration)
        }
    }

    private suspend fun written(content: OutgoingContent): String = when (content) {
        is OutgoingContent.ByteArrayContent -> content.bytes().toString(Charsets.UTF_8)

        is OutgoingContent.WriteChannelContent -> {
            val channel = ByteChannel()
            coroutineScope {
                launch {
                    content.writeTo(channel)
                    channel.flushAndClose()
                }
                channel.toByteArray().toString(Charsets.UTF_8)
            }
        }

        else -> error("unexpected content ${content::class}")
    }

    @Test
    fun `the decoding failure is kotlinx's, with its offset, for a list and an object`() = runBlocking<Unit> {
        val converter = ParallelJsonConverter(parallel)
        val broken = "[{\"id\":1,\"customer\":\"a\",\"lines\":[],\"total\":x}]"
        val expected = runCatching {
            Json.decodeFromString(ListSerializer(Order.serializer()), broken)
        }.exceptionOrNull()!!
        val thrown = runCatching {
            converter.deserialize(Charsets.UTF_8, typeInfo<List<Order>>(), ByteReadChannel(broken))
        }
            .exceptionOrNull()
        assertThat(thrown).isInstanceOf(io.ktor.serialization.JsonConvertException::class.java)
        assertThat(thrown!!.cause).isExactlyInstanceOf(expected.javaClass).hasMessage(expected.message)
        val brokenObject = broken.removePrefix("[").removeSuffix("]")
        val expectedObject = runCatching { Json.decodeFromString(Order.serializer(), brokenObject) }.exceptionOrNull()!!
        val thrownObject = runCatching {
            converter.deserialize(Charsets.UTF_8, typeInfo<Order>(), ByteReadChannel(brokenObject))
        }
            .exceptionOrNull()
        assertThat(thrownObject).isInstanceOf(io.ktor.serialization.JsonConvertException::class.java)
        assertThat(thrownObject!!.cause)
            .isExactlyInstanceOf(expectedObject.javaClass).hasMessage(expectedObject.message)
    }

    @Serializable
    data class Checked(val id: Int) {
        init {
            require(id >= 0) { "id < 0: $id" }
        }
    }

    @Test
    fun `a value its class refuses fails as json() fails, a JsonConvertException, alone or in a large list`() =
        runBlocking<Unit> {
            val ktor = KotlinxSerializationConverter(Json)
            val converter = ParallelJsonConverter(parallel)
            val list = List(20_000) { if (it == 12_345) -1 else it }.joinToString(",", "[", "]") { "{\"id\":$it}" }
            for ((info, text) in listOf(typeInfo<Checked>() to "{\"id\":-1}", typeInfo<List<Checked>>() to list)) {
                val theirs = runCatching { ktor.deserialize(Charsets.UTF_8, info, ByteReadChannel(text)) }
                    .exceptionOrNull()
                val ours = runCatching { converter.deserialize(Charsets.UTF_8, info, ByteReadChannel(text)) }
                    .exceptionOrNull()
                assertThat(theirs).describedAs("json() on ${info.type}")
                    .isInstanceOf(io.ktor.serialization.JsonConvertException::class.java)
                assertThat(ours).describedAs("parallelJson() on ${info.type}")
                    .isInstanceOf(io.ktor.serialization.JsonConvertException::class.java)
                assertThat(ours!!.cause).isExactlyInstanceOf(theirs!!.cause!!.javaClass).hasMessage("id < 0: -1")
            }
        }

    @Test
    fun `a Sequence body is decoded as json() decodes it, element by element`() = runBlocking<Unit> {
        val ktor = KotlinxSerializationConverter(Json)
        val converter = ParallelJsonConverter(parallel)
        val text = Json.encodeToString(ListSerializer(Order.serializer()), orders)
        val info = typeInfo<Sequence<Order>>()
        val theirs = ktor.deserialize(Charsets.UTF_8, info, ByteReadChannel(text)) as Sequence<*>
        val ours = converter.deserialize(Charsets.UTF_8, info, ByteReadChannel(text))
        assertThat(ours).isInstanceOf(Sequence::class.java)
        assertThat((ours as Sequence<*>).toList()).isEqualTo(theirs.toList()).isEqualTo(orders)
    }

    @Test
    fun `a hundred slow clients hold no server thread, and another request is answered within a second`() =
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
                Socket("127.0.0.1", port).apply {
                    getOutputStream().apply {
                        write(head.toByteArray())
                        flush()
                    }
                }
            }
            try {
                withTimeout(30_000) { while (slowStarted.get() < SLOW_CLIENTS) delay(10) }

                val answer = withTimeoutOrNull(1_000) { probe() }

                assertThat(answer)
                    .describedAs("the answer to a request sent while $SLOW_CLIENTS clients send slowly").isEqualTo("3")
            } finally {
                slowClients.forEach(Socket::close)
            }
        }

    private companion object {
        const val SLOW_CLIENTS = 100
    }
}
