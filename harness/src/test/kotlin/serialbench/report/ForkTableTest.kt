package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.measure.ReferenceWorkload
import serialbench.results.ForkMachine
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

    private fun fork(
        codec: String,
        fork: Int,
        reference: Double = 2_000_000.0,
        jitMillis: Long? = 0,
        gcMillis: Long = 10,
    ) = ForkMachine(codec, fork, reference, 2_000_000.0, timedNanos = 1_000_000_000, jitMillis, gcMillis)

    /** The section for [machines] and a row at 1,000 objects whose forks' means are [forkMeansNanos]. */
    private fun renderedAt1000(machines: List<ForkMachine>, vararg forkMeansNanos: Double) =
        buildString { ForkTable.render(this, listOf(row(1000, *forkMeansNanos)), machines) }

    @Test
    fun `a fork the machine slowed, one still compiling and one with extra collections are marked, saying why`() {
        val machines = listOf(
            fork("jackson", 1),
            fork("jackson", 2, reference = 2_300_000.0),
            fork("jackson", 3, jitMillis = 60),
            fork("jackson", 4, jitMillis = 40, reference = 2_000_000.0),
            fork("gson", 1, gcMillis = 12),
            fork("gson", 2, gcMillis = 40, jitMillis = null),
            fork("gson", 3, gcMillis = 10),
        )
        val rendered = renderedAt1000(machines, 1_000_000.0, 1_400_000.0, 1_050_000.0)

        assertThat(rendered).contains(
            "| `jackson` | `flat` | 1,000 | deserialize | 1.00 ms, 1.40 ms†, 1.05 ms† |         1.40x ⚠️ |",
            "†: a fork the machine may have disturbed (below).",
            "3 of 7 forks marked.",
            """
            || Codec     | Fork | Reference: start / slowest / end |         JIT |      GC | Seen                                              |
            ||:----------|-----:|---------------------------------:|------------:|--------:|:--------------------------------------------------|
            || `jackson` |    2 |      2.30 ms / 2.30 ms / 2.00 ms |     0.00 ns | 10.0 ms | reference workload 1.15x the run's median         |
            || `jackson` |    3 |      2.00 ms / 2.00 ms / 2.00 ms |     60.0 ms | 10.0 ms | JIT compiling 6% of its timed calls               |
            || `gson`    |    2 |      2.00 ms / 2.00 ms / 2.00 ms | not counted | 40.0 ms | GC 4% of its timed calls (its codec's forks 1.2%) |
            """.trimMargin(),
        )
        assertThat(rendered).doesNotContain("| `jackson` |    1 |").doesNotContain("| `gson` |    1 |")
    }

    @Test
    fun `timings of the reference made again while the JVM's own threads were busy are counted over the forks`() {
        val machines = listOf(
            fork("fastjson2", 1).copy(referenceBusyReadings = 2),
            fork("fastjson2", 2),
            fork("fastjson2", 3).copy(referenceBusyReadings = 1),
        )
        val rendered = buildString { ForkTable.render(this, emptyList(), machines) }
        assertThat(rendered).contains(
            "0 of 3 forks marked. 3 timings of the workload were made again after a pause, because the JVM's own " +
                "threads (the collector's, the JIT's) took time from the workload's core during them",
        )
    }

    @Test
    fun `the table walk's timings over the forks give their range, flagged where one ran 10% over their median`() {
        val walked = listOf(
            fork("fastjson2", 1).copy(walkNanos = listOf(1_000_000.0, 1_050_000.0)),
            fork("fastjson2", 2).copy(walkNanos = listOf(1_650_000.0, 1_100_000.0)),
        )
        val moved = buildString { ForkTable.render(this, emptyList(), walked) }
        assertThat(moved).contains(
            "1 of 2 forks marked. Each fork also timed the table walk (" +
                ReferenceWorkload.Kernel.TABLE_WALK.description + ") at the same moments, code like a codec's " +
                "parsing that a neighbour busy on the same core slows where it hardly slows the hash: 1.00 ms to " +
                "1.65 ms over the forks (the slowest over their median 1.53x). ⚠️ The machine's speed for such code " +
                "moved by more than 10% during the run: forks of one codec may differ by as much.",
        )
        val steady = walked.map { it.copy(walkNanos = listOf(1_000_000.0, 1_080_000.0)) }
        assertThat(buildString { ForkTable.render(this, emptyList(), steady) })
            .contains("(the slowest over their median 1.04x).").doesNotContain("⚠️")
        assertThat(buildString { ForkTable.render(this, emptyList(), listOf(fork("fastjson2", 1))) })
            .doesNotContain("table walk")
    }

    @Test
    fun `a fork whose table walk ran more than 10% over the run's median is marked, its hash steady`() {
        val machines = listOf(
            fork("jackson", 1).copy(walkNanos = listOf(800_000.0, 820_000.0, 810_000.0)),
            fork("jackson", 2).copy(walkNanos = listOf(790_000.0, 1_300_000.0, 1_100_000.0)),
            fork("jackson", 3).copy(walkNanos = listOf(800_000.0, 870_000.0, 805_000.0)),
        )
        val rendered = renderedAt1000(machines, 6_900_000.0, 9_200_000.0, 6_950_000.0)
        assertThat(rendered).contains(
            "| `jackson` | `flat` | 1,000 | deserialize | 6.90 ms, 9.20 ms†, 6.95 ms |         1.33x ⚠️ |",
            "A fork is marked when the workload or the table walk (below) ran slower than the run's median",
            "1 of 3 forks marked.",
            "| Reference: start / slowest / end | Walk: slowest |",
            "|    2 |      2.00 ms / 2.00 ms / 2.00 ms |       1.30 ms | 0.00 ns | 10.0 ms | table walk 1.60x the run's median |",
        )
        // 870 us is 1.07x the median of 810 us, as on a calm day: not marked
        assertThat(rendered).doesNotContain("| `jackson` |    3 |")
    }

    @Test
    fun `undisturbed forks are counted and none listed, and a run without fork records has no such section`() {
        val quiet = buildString { ForkTable.render(this, emptyList(), listOf(fork("jackson", 1), fork("jackson", 2))) }
        assertThat(quiet).contains("### The machine in each fork", "0 of 2 forks marked.").doesNotContain("| Codec")
            .doesNotContain("made again")

        val older = buildString { ForkTable.render(this, listOf(row(10, 1_000_000.0, 1_050_000.0)), emptyList()) }
        assertThat(older).doesNotContain("### The machine in each fork").doesNotContain("†")
    }
}
