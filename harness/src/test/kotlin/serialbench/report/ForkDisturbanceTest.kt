package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.results.ForkMachine
import serialbench.results.Operation
import serialbench.results.ResultRow
import serialbench.results.ResultsJson
import java.io.File

@Order(TestOrder.UNIT)
class ForkDisturbanceTest {
    /** A row of [codec] measured in one fork per mean of [forkMeansMillis], ten repetitions each around it. */
    private fun row(codec: String, vararg forkMeansMillis: Double): ResultRow {
        val durations = forkMeansMillis.map { mean -> List(10) { (mean * 1e6).toLong() - 4_500 + it * 1_000 } }
        return ReportFixtures.row(codec, codec, Operation.DESERIALIZE, 10_000, 0.0, 30).copy(
            meanNanos = durations.flatten().average(),
            durationsNanos = durations,
            forks = durations.size,
            forkMeansNanos = durations.map { it.average() },
        )
    }

    private val parallel = row("kotlinx-json-parallel", 1.0, 1.0, 1.0)

    @Test
    fun `a verdict that holds only with a marked fork, or rests on marked forks alone, is decided by them`() {
        // the third fork of Json ran as fast as ParallelJson: with it the two are the same, without it faster
        val json = row("kotlinx-json", 2.0, 2.0, 0.95)
        assertThat(ForkDisturbance.decides(parallel, emptySet(), json, setOf("kotlinx-json" to 3))).isTrue()
        assertThat(ForkDisturbance.decides(parallel, emptySet(), json, setOf("kotlinx-json" to 1))).isFalse()

        val marks = setOf("kotlinx-json-parallel" to 1, "kotlinx-json-parallel" to 2, "kotlinx-json-parallel" to 3)
        assertThat(ForkDisturbance.decides(parallel, marks, row("kotlinx-json", 2.0, 2.1, 1.9), emptySet())).isTrue()
    }

    @Test
    fun `a verdict the same without the marked fork, or with no fork marked, is not`() {
        val json = row("kotlinx-json", 2.0, 2.0, 2.1)
        assertThat(ForkDisturbance.decides(parallel, emptySet(), json, setOf("kotlinx-json" to 3))).isFalse()
        assertThat(ForkDisturbance.decides(parallel, emptySet(), json, emptySet())).isFalse()
        // a mark of another codec's fork says nothing of these rows
        assertThat(ForkDisturbance.decides(parallel, setOf("jackson" to 1), json, setOf("jackson" to 1))).isFalse()
    }

    @Test
    fun `a results file with one disturbed fork reports the fork and the verdict it decided`(@TempDir directory: File) {
        val json = row("kotlinx-json", 2.0, 2.0, 0.95)
        val machines = listOf("kotlinx-json-parallel", "kotlinx-json").flatMap { codec ->
            (1..3).map { fork ->
                val slow = codec == "kotlinx-json" && fork == 3
                ForkMachine(codec, fork, 2_400_000.0, if (slow) 4_800_000.0 else 2_400_000.0, 30_000_000, 0, 0)
            }
        }
        val file = File(directory, "benchmark-results.json")
        file.writeText(
            ResultsJson.encode(ReportFixtures.results.copy(results = listOf(parallel, json), forkMachines = machines)),
        )

        val report = MarkdownReport.render(ResultsJson.decode(file.readText()))

        assertThat(report).contains(
            "1 of 6 forks marked.",
            "| `kotlinx-json` |    3 |      2.40 ms / 4.80 ms / 4.80 ms |",
            "reference workload 2.00x the run's median",
            "| 10,000 |       1.00 ms |       1.65 ms | -650 us (-39.4%) | ⚪ 1.65x, same † |",
            "†: a fork the machine may have disturbed (marked in Forks) decided this verdict",
        )
    }

    @Test
    fun `forks the machine slowed are told apart from forks marked for their own JIT or collections`() {
        val machines = listOf(
            ForkMachine("fastjson2", 1, 2_290_000.0, 2_290_000.0, 1_000_000_000, jitMillis = 0, gcMillis = 0),
            // the reference workload 1.14x the median at its start: the machine
            ForkMachine("fastjson2", 2, 2_610_000.0, 2_290_000.0, 1_000_000_000, jitMillis = 0, gcMillis = 0),
            // JIT compiling 3.3% of its timed calls: the fork's own
            ForkMachine("fastjson2", 3, 2_290_000.0, 2_290_000.0, 2_000_000_000, jitMillis = 66, gcMillis = 0),
        )
        val results = ReportFixtures.results.copy(forkMachines = machines)
        assertThat(ForkDisturbance.marked(results)).containsExactlyInAnyOrder("fastjson2" to 2, "fastjson2" to 3)
        assertThat(ForkDisturbance.machineSlower(results)).containsExactly("fastjson2" to 2)
        assertThat(ForkDisturbance.machineSlower(ReportFixtures.results.copy(forkMachines = emptyList()))).isEmpty()
        // a fork whose table walk ran 1.5x the run's median, its hash steady: the machine too
        val walked = machines.map { it.copy(walkNanos = listOf(800_000.0, 810_000.0)) } +
            ForkMachine("fastjson2", 4, 2_290_000.0, 2_290_000.0, 1_000_000_000, 0, 0, walkNanos = listOf(1_200_000.0))
        assertThat(ForkDisturbance.machineSlower(ReportFixtures.results.copy(forkMachines = walked)))
            .containsExactlyInAnyOrder("fastjson2" to 2, "fastjson2" to 4)
    }
}
