package example.orders

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path

/** The sample file `orders.json` is what [SampleOrders] and [main] in WriteSample.kt make, and covers the model. */
class SampleOrdersTest {
    private val json = Json { prettyPrint = false }
    private val serializer = ListSerializer(Order.serializer())
    private val file: Path = Path.of(System.getProperty("basedir", "."), "orders.json")
    private val bytes: ByteArray = Files.readAllBytes(file)
    private val orders: List<Order> = json.decodeFromString(serializer, bytes.toString(Charsets.UTF_8))

    @Test
    fun `the sample file decodes to exactly the 500 orders generated from seed 2026`() {
        assertEquals(SampleOrders.generate(2026, 500), orders)
    }

    @Test
    fun `encoding the decoded orders again gives the file's bytes`() {
        assertArrayEquals(bytes, json.encodeToString(serializer, orders).toByteArray(Charsets.UTF_8))
    }

    @Test
    fun `the same seed generates the same orders`() {
        assertEquals(SampleOrders.generate(7, 50), SampleOrders.generate(7, 50))
    }

    @Test
    fun `every kind of payment occurs in the sample`() {
        val kinds = orders.map { it.payment::class }.toSet()
        assertEquals(setOf(Payment.Card::class, Payment.BankTransfer::class, Payment.Voucher::class), kinds)
    }

    @Test
    fun `every status occurs in the sample`() {
        assertEquals(OrderStatus.entries.toSet(), orders.map { it.status }.toSet())
    }

    @Test
    fun `some orders have no shipping address and others have one`() {
        assertTrue(orders.any { it.shippingAddress == null }, "no order without a shipping address")
        assertTrue(orders.any { it.shippingAddress != null }, "no order with a shipping address")
    }

    @Test
    fun `every total is the sum of its lines with two decimals`() {
        for (order in orders) {
            val sum = order.lines.sumOf { it.unitPrice * it.quantity.toBigDecimal() }
            assertEquals(2, order.total.scale(), order.id)
            assertEquals(0, sum.compareTo(order.total), order.id)
        }
    }

    @Test
    fun `payments are written with the type discriminator kotlinx and Jackson both read`() {
        val text = bytes.toString(Charsets.UTF_8)
        for (name in listOf("card", "bank_transfer", "voucher")) {
            assertTrue(text.contains("\"payment\":{\"type\":\"$name\""), "no payment of type $name")
        }
    }
}
