package example.orders

import kotlinx.serialization.Serializable
import java.time.Instant

/**
 * An order as the order service stores and sends it: who placed it and when, what it holds, what it costs in
 * [currency], where it goes (no [shippingAddress] for a pick-up or a digital order) and how it is paid.
 */
@Serializable
data class Order(
    val id: String,
    val customerId: Long,
    @Serializable(with = InstantAsIso::class) val placedAt: Instant,
    val status: OrderStatus,
    val lines: List<OrderLine>,
    val total: Money,
    val currency: String,
    val shippingAddress: Address? = null,
    val payment: Payment,
    val note: String? = null,
)
