package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.Operation

@Order(TestOrder.UNIT)
class ForkTableTest {
    private fun row(size: Int, vararg forkMeansNanos: Double) =
        ReportFixtures.row("jackson", "Jackson", Operation.DESERIALIZE, size, forkMeansNanos.average(), 100)
            .copy(forks = forkMeansNanos.size, forkMeansNanos = forkMeansNanos.toList())

    @Test
    fun `a row whose forks disagree by more than 10% is flagged, one at exactly 10% or less is not`() {
        val rendered = buildString {
            ForkTable.render(
                this,
                listOf(
                    row(10, 1_000_000.0, 1_050_000.0),
                    row(100, 1_000_000.0, 1_100_000.0),
                    row(1000, 1_900_000.0, 1_000_000.0, 1_050_000.0),
                    row(10_000, 1_000_000.0).copy(forks = 1, forkMeansNanos = emptyList()),
                ),
            )
        }
        assertThat(rendered).isEqualTo(
            """
            |## Forks
            |
            |The mean of each JVM (fork) of a row, in the order they ran, and the largest over the smallest. ⚠️: the forks disagree by more than 10%; with a small drift inside each fork, the JVMs settled differently. The row's error then is wide (it is over the fork means), and the row is called faster or slower than another only where every fork is; run more forks before trusting a difference of that size.
            |
            || Codec     | Shape  |     N | Operation   |                Fork means | Largest/smallest |
            ||:----------|:-------|------:|:------------|--------------------------:|-----------------:|
            || `jackson` | `flat` |    10 | deserialize |          1.00 ms, 1.05 ms |            1.05x |
            || `jackson` | `flat` |   100 | deserialize |          1.00 ms, 1.10 ms |            1.10x |
            || `jackson` | `flat` | 1,000 | deserialize | 1.90 ms, 1.00 ms, 1.05 ms |         1.90x ⚠️ |
            |
            |
            """.trimMargin(),
        )
    }
}
