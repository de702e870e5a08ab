package example.orders

import kotlinx.serialization.Serializable

/** One line of an [Order]: [quantity] times the article [sku] at [unitPrice] each. */
@Serializable
data class OrderLine(val sku: String, val description: String, val quantity: Int, val unitPrice: Money)
