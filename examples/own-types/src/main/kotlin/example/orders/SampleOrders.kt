package example.orders

import java.math.BigDecimal
import java.math.RoundingMode
import java.time.Instant
import java.util.Random

/**
 * Orders that look like a real order service's, the same for the same seed: 1 to 6 lines each, prices with two
 * decimals, totals that add up, times spread over 2026 to the millisecond, about 30% without a shipping address,
 * every status and every kind of payment, and cities whose names are not all ASCII.
 */
object SampleOrders {
    /** [count] orders drawn from a `java.util.Random` seeded with [seed]. */
    fun generate(seed: Long, count: Int): List<Order> {
        val random = Random(seed)
        return List(count) { index -> order(random, index) }
    }

    private fun order(random: Random, index: Int): Order {
        val place = PLACES[random.nextInt(PLACES.size)]
        val lines = ARTICLES.shuffled(random).take(1 + random.nextInt(6)).map { line(random, it) }
        val total = lines.fold(BigDecimal.ZERO.setScale(2)) { sum, line ->
            sum + line.unitPrice * BigDecimal(line.quantity)
        }.setScale(2, RoundingMode.UNNECESSARY)
        val second = random.nextInt(SECONDS_IN_2026)
        val placedAt = Instant.ofEpochMilli(START_OF_2026 + second * 1000L + random.nextInt(1000))
        return Order(
            id = "ORD-2026-${100_001 + index}",
            customerId = 10_000L + random.nextInt(90_000),
            placedAt = placedAt,
            status = status(random),
            lines = lines,
            total = total,
            currency = place.currency,
            shippingAddress = if (random.nextInt(10) < 3) null else address(random, place),
            payment = payment(random, total),
            note = if (random.nextInt(100) < 65) null else NOTES[random.nextInt(NOTES.size)],
        )
    }

    private fun line(random: Random, article: Article): OrderLine {
        val price = BigDecimal(article.price)
        return OrderLine(
            sku = article.sku,
            description = article.description,
            quantity = if (random.nextInt(4) == 0) 2 + random.nextInt(5) else 1,
            unitPrice = if (random.nextInt(7) == 0) (price * DISCOUNT).setScale(2, RoundingMode.HALF_UP) else price,
        )
    }

    private fun status(random: Random): OrderStatus = when (random.nextInt(100)) {
        in 0 until 15 -> OrderStatus.PLACED
        in 15 until 35 -> OrderStatus.PAID
        in 35 until 60 -> OrderStatus.SHIPPED
        in 60 until 92 -> OrderStatus.DELIVERED
        else -> OrderStatus.CANCELLED
    }

    private fun address(random: Random, place: Place): Address = Address(
        street = "${place.streets[random.nextInt(place.streets.size)]} ${1 + random.nextInt(180)}",
        city = place.city,
        postalCode = place.postalCode,
        country = place.country,
        line2 = if (random.nextInt(5) == 0) LINE2[random.nextInt(LINE2.size)] else null,
    )

    private fun payment(random: Random, total: BigDecimal): Payment = when (random.nextInt(10)) {
        in 0 until 6 -> Payment.Card(
            brand = CARD_BRANDS[random.nextInt(CARD_BRANDS.size)],
            last4 = random.nextInt(10_000).toString().padStart(4, '0'),
            expiryMonth = 1 + random.nextInt(12),
            expiryYear = 2026 + random.nextInt(6),
        )
        in 6 until 9 -> Payment.BankTransfer(
            iban = IBAN_PREFIXES[random.nextInt(IBAN_PREFIXES.size)] + digits(random, 18),
            reference = "INV-" + digits(random, 8),
        )
        else -> Payment.Voucher(
            code = "GIFT-" + List(8) { VOUCHER_LETTERS[random.nextInt(VOUCHER_LETTERS.length)] }.joinToString(""),
            amount = total,
        )
    }

    private fun digits(random: Random, count: Int): String = List(count) { random.nextInt(10) }.joinToString("")

    /** A city the service ships to, with some of its streets and the currency its customers pay in. */
    private class Place(
        val city: String,
        val postalCode: String,
        val country: String,
        val currency: String,
        vararg val streets: String,
    )

    /** An article of the catalogue and its [price] (two decimals). */
    private class Article(val sku: String, val description: String, val price: String)

    private const val START_OF_2026 = 1_767_225_600_000L // 2026-01-01T00:00:00Z
    private const val SECONDS_IN_2026 = 365 * 24 * 60 * 60

    private val DISCOUNT = BigDecimal("0.90")

    private val PLACES = listOf(
        Place("Zürich", "8001", "CH", "CHF", "Bahnhofstrasse", "Limmatquai", "Niederdorfstrasse"),
        Place("Genève", "1204", "CH", "CHF", "Rue du Rhône", "Rue de la Corraterie"),
        Place("Kraków", "31-042", "PL", "PLN", "ulica Floriańska", "ulica Grodzka", "ulica Długa"),
        Place("Łódź", "90-001", "PL", "PLN", "ulica Piotrkowska", "ulica Zielona"),
        Place("São Paulo", "01310-100", "BR", "BRL", "Avenida Paulista", "Rua Augusta", "Rua Oscar Freire"),
        Place("München", "80331", "DE", "EUR", "Kaufingerstraße", "Sendlinger Straße", "Tal"),
        Place("Berlin", "10115", "DE", "EUR", "Torstraße", "Invalidenstraße", "Chausseestraße"),
        Place("Köln", "50667", "DE", "EUR", "Hohe Straße", "Schildergasse"),
        Place("Paris", "75003", "FR", "EUR", "Rue de Bretagne", "Rue Vieille du Temple", "Rue de Turenne"),
        Place("Málaga", "29015", "ES", "EUR", "Calle Larios", "Calle Granada"),
        Place("Amsterdam", "1015 AB", "NL", "EUR", "Keizersgracht", "Prinsengracht", "Herengracht"),
        Place("København", "1160", "DK", "DKK", "Strøget", "Nørregade"),
        Place("London", "EC1A 1BB", "GB", "GBP", "High Holborn", "Aldersgate Street"),
        Place("New York", "10001", "US", "USD", "West 34th Street", "8th Avenue", "Broadway"),
        Place("Chicago", "60601", "US", "USD", "North Michigan Avenue", "East Randolph Street"),
    )

    private val LINE2 = listOf("Apt 4B", "2. OG links", "c/o Müller", "Suite 300", "Hinterhaus", "Floor 3")

    private val ARTICLES = listOf(
        Article("SKU-10001", "Espresso beans 1 kg", "24.90"),
        Article("SKU-10002", "Ceramic mug, 350 ml", "12.50"),
        Article("SKU-10003", "Pour-over kettle", "59.00"),
        Article("SKU-10004", "Paper filters (100 pcs)", "4.95"),
        Article("SKU-10005", "Hand grinder, steel burrs", "129.00"),
        Article("SKU-10006", "Milk frother", "39.99"),
        Article("SKU-10007", "Oat drink 1 l", "2.49"),
        Article("SKU-10008", "Cold brew bottle", "27.80"),
        Article("SKU-10009", "Barista apron – navy", "34.00"),
        Article("SKU-10010", "Descaling tablets", "8.75"),
        Article("SKU-10011", "Travel tumbler 470 ml", "22.00"),
        Article("SKU-10012", "Espresso machine, dual boiler", "1849.00"),
    )

    private val NOTES = listOf(
        "Leave at the door",
        "Please ring twice",
        "Bitte beim Nachbarn abgeben",
        "Gift – no invoice in the parcel",
        "Call before delivery: +41 44 000 00 00",
        "Deliver after 5 pm",
    )

    private val CARD_BRANDS = listOf("VISA", "MASTERCARD", "AMEX", "MAESTRO")
    private val IBAN_PREFIXES = listOf("DE89", "CH93", "PL61", "FR14", "NL91", "GB29")
    private const val VOUCHER_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
}
