package example.spring

import kotlinx.serialization.Serializable
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.runApplication
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RestController

/** What the service receives and answers by the thousand. */
@Serializable
data class Order(val id: Long, val customer: String, val total: Double)

/** A Spring Boot application whose JSON bodies parallel-json-spring reads and writes: no line of configuration. */
@SpringBootApplication
class OrdersApplication

/** The orders with a positive total, in the order received. */
@RestController
class OrdersController {
    @PostMapping("/orders/paid")
    fun paid(@RequestBody orders: List<Order>): List<Order> = orders.filter { it.total > 0 }
}

fun main(args: Array<String>) {
    runApplication<OrdersApplication>(*args)
}
