package example.ktor

import io.ktor.server.application.Application
import io.ktor.server.application.install
import io.ktor.server.engine.embeddedServer
import io.ktor.server.netty.Netty
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.request.receive
import io.ktor.server.response.respond
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import kotlinx.serialization.Serializable
import serialbench.parallel.ktor.parallelJson

/** What the service receives and answers by the thousand. */
@Serializable
data class Order(val id: Long, val customer: String, val total: Double)

/** The service's module: JSON bodies through ParallelJson with Ktor's DefaultJson, as `json()` would. */
fun Application.orders() {
    install(ContentNegotiation) { parallelJson() }
    routing {
        post("/orders/paid") { call.respond(call.receive<List<Order>>().filter { it.total > 0 }) }
    }
}

fun main() {
    embeddedServer(Netty, port = 8080) { orders() }.start(wait = true)
}
