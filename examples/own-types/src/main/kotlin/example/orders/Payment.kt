package example.orders

import com.fasterxml.jackson.annotation.JsonSubTypes
import com.fasterxml.jackson.annotation.JsonTypeInfo
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * How an [Order] is paid. In JSON, a `type` property names the kind (`card`, `bank_transfer`, `voucher`): the class
 * discriminator kotlinx-serialization writes for a sealed class, and what the Jackson annotations ask Jackson for.
 */
@Serializable
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes(
    JsonSubTypes.Type(value = Payment.Card::class, name = "card"),
    JsonSubTypes.Type(value = Payment.BankTransfer::class, name = "bank_transfer"),
    JsonSubTypes.Type(value = Payment.Voucher::class, name = "voucher"),
)
sealed class Payment {
    /** A card payment: the card's [brand], the [last4] digits of its number and its expiry. */
    @Serializable
    @SerialName("card")
    data class Card(val brand: String, val last4: String, val expiryMonth: Int, val expiryYear: Int) : Payment()

    /** A bank transfer from [iban], with the [reference] the customer was asked to quote. */
    @Serializable
    @SerialName("bank_transfer")
    data class BankTransfer(val iban: String, val reference: String) : Payment()

    /** A voucher [code] worth [amount] in the order's currency. */
    @Serializable
    @SerialName("voucher")
    data class Voucher(val code: String, val amount: Money) : Payment()
}
