package serialbench.run

import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.measure.GcPhase

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

    @Test
    fun `the young generation a fork measured goes back with its output and on to the next fork's task`() {
        val measured = GcPhase.Measured(youngBytes = 4_315_000_000, edenCommittedBytes = 4_836_000_000)
        val part = BenchmarkRun.RunPart(emptyList(), referenceNanos = listOf(1.0, 2.0), young = measured)
        val json = Json { encodeDefaults = true }
        val output = json.decodeFromString<ForkOutput>(json.encodeToString(ForkOutput.of(part, emptyMap(), emptyMap())))
        assertThat(output.young?.youngBytes).isEqualTo(4_315_000_000)
        assertThat(output.young?.edenCommittedBytes).isEqualTo(4_836_000_000)
        val task: ChildTask = ChildTask.MeasureFork(emptyMap(), young = output.young)
        val read = json.decodeFromString<ChildTask>(json.encodeToString(task)) as ChildTask.MeasureFork
        assertThat(read.young?.youngBytes).isEqualTo(4_315_000_000)
        assertThat(json.decodeFromString<ForkOutput>("{\"probes\":[],\"referenceNanos\":[1.0,2.0]}").young)
            .`as`("a fork of before").isNull()
    }
}
