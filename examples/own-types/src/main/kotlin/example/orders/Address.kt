package example.orders

import kotlinx.serialization.Serializable

/** A postal address an [Order] is shipped to; [line2] (a floor, a flat, a c/o) is often absent. */
@Serializable
data class Address(
    val street: String,
    val city: String,
    val postalCode: String,
    val country: String,
    val line2: String? = null,
)
