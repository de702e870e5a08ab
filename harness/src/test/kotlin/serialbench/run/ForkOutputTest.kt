package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class ForkOutputTest {
    @Test
    fun `a fork's record of the machine keeps its reference timings in order, readings made again and series placed`() {
        val output = ForkOutput(
            probes = emptyList(),
            referenceNanos = listOf(2_290_000.0, 2_300_000.0, 2_310_000.0),
            walkNanos = listOf(1_000_000.0, 1_400_000.0, 1_100_000.0),
            referenceBusyReadings = 2,
            seriesInYoungCycle = 9,
        )
        val machine = output.machine("fastjson2", fork = 3)
        assertThat(machine.fork).isEqualTo(3)
        assertThat(machine.referenceStartNanos).isEqualTo(2_290_000.0)
        assertThat(machine.referenceBetweenNanos).containsExactly(2_300_000.0)
        assertThat(machine.referenceEndNanos).isEqualTo(2_310_000.0)
        assertThat(machine.referenceBusyReadings).isEqualTo(2)
        assertThat(machine.seriesInYoungCycle).isEqualTo(9)
        assertThat(machine.walkNanos).containsExactly(1_000_000.0, 1_400_000.0, 1_100_000.0)
        assertThat(ForkOutput(emptyList(), referenceNanos = output.referenceNanos).machine("gson", 1).walkNanos)
            .`as`("a fork of before the walk").isEmpty()
        // and a fork's own part hands the counts on to its output
        val part = BenchmarkRun.RunPart(
            emptyList(),
            referenceNanos = output.referenceNanos,
            walkNanos = output.walkNanos,
            referenceBusyReadings = 2,
            seriesInYoungCycle = 9,
        )
        val handed = ForkOutput.of(part, emptyMap(), emptyMap())
        assertThat(handed.referenceBusyReadings).isEqualTo(2)
        assertThat(handed.seriesInYoungCycle).isEqualTo(9)
        assertThat(handed.walkNanos).isEqualTo(output.walkNanos)
    }
}
