package example.ktor

import io.ktor.server.application.Application
import io.ktor.server.application.install
import io.ktor.server.engine.embeddedServer
import io.ktor.server.netty.Netty
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.request.receive
import io.ktor.server.response.respond
import io.ktor.server.routing.get
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.asFlow
import kotlinx.serialization.Serializable
import serialbench.parallel.ktor.parallelJson

fun Application.orders() {
    install(ContentNegotiation) { parallelJson() }       // was json(): the same bytes and values, large bodies split
    routing {
        post("/orders/paid") { call.respond(call.receive<List<Order>>().filter { it.total > 0 }) }
        get("/orders/stream") { call.respond(orderRepository.all()) }              // a Flow<Order>
    }
}

fun main() {
    embeddedServer(Netty, port = 8080) { orders() }.start(wait = true)
}

/** What the service receives and answers by the thousand. */
@Serializable
data class Order(val id: Long, val customer: String, val total: Double)

/** Where the service's orders come from: here a fixed few, as a flow. */
class OrderRepository(private val orders: List<Order>) {
    fun all(): Flow<Order> = orders.asFlow()
}

val orderRepository = OrderRepository(List(1_000) { Order(it.toLong(), "customer $it", it * 0.5) })
