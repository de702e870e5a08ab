package serialbench.model

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.results.DataChange
import java.math.BigDecimal

/** The first difference between a codec's objects and the reference, with its path, and how many there are. */
class ObjectDifferenceTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `two object graphs differ at the first value that differs, counted with the others`(
        case: String,
        actual: List<Any?>,
        expected: DataChange?,
    ) {
        assertThat(ObjectDifference.between(reference, actual)).isEqualTo(expected)
    }

    companion object {
        private fun invoice(
            amount: String = "12.50",
            lines: List<InvoiceLine> = listOf(InvoiceLine("x", 2)),
            customer: Customer? = Customer("Zoë"),
            status: InvoiceStatus = InvoiceStatus.OPEN,
        ) = Invoice("a", BigDecimal(amount), status, lines, customer)

        private val reference = listOf(invoice(), invoice(customer = null))

        @JvmStatic
        fun cases() = listOf(
            arrayOf("equal graphs", listOf(invoice(), invoice(customer = null)), null),
            arrayOf(
                "a number's scale lost",
                listOf(invoice(amount = "12.5"), invoice(customer = null)),
                DataChange("$[0].amount", "12.50 became 12.5", 1),
            ),
            arrayOf(
                "a nested object dropped, and a string changed",
                listOf(invoice(customer = null), invoice(customer = Customer("Zoe"))),
                DataChange("$[0].customer", "a Customer became null", 2),
            ),
            arrayOf(
                "a list shorter, an enum changed",
                listOf(invoice(lines = emptyList()), invoice(customer = null, status = InvoiceStatus.PAID)),
                DataChange("$[0].lines", "1 element became 0", 2),
            ),
            arrayOf(
                "an element missing",
                listOf(invoice()),
                DataChange("$", "2 elements became 1", 1),
            ),
            arrayOf(
                "a string inside a list",
                listOf(invoice(lines = listOf(InvoiceLine("\u00e9", 2))), invoice(customer = null)),
                DataChange("$[0].lines[0].sku", "\"x\" became \"é\"", 1),
            ),
        )
    }
}
