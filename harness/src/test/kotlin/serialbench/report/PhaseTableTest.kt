package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.ResultsJson
import serialbench.results.RunPhase
import java.io.File

/** Where a run's time went: recorded in the results, read back, shown largest first with shares that add up. */
@Order(TestOrder.UNIT)
class PhaseTableTest {
    private val seconds = 1_000_000_000L

    @Test
    fun `the phase table renders from a results file, largest phase first, with each share and the total`() {
        val phases = mapOf(
            RunPhase.TIMED_CALLS to 600 * seconds,
            RunPhase.JVM_STARTS to 300 * seconds,
            RunPhase.SERIES_WARM_UP to 90 * seconds,
            RunPhase.FULL_GCS to 20 * seconds,
            RunPhase.REPORT to seconds / 2,
            RunPhase.OTHER to 9 * seconds + seconds / 2,
        )
        val written = ResultsJson.encode(ReportFixtures.results.copy(phaseNanos = phases))
        assertThat(written).contains("\"phaseNanos\"", "\"timedCalls\": 600000000000", "\"jvmStarts\"")
        val read = ResultsJson.decode(written)
        assertThat(read.phaseNanos).isEqualTo(phases)

        val table = buildString { PhaseTable.render(this, read.phaseNanos) }
        assertThat(table).isEqualTo(
            """
            |## Where the run's time went
            |
            |Wall time by phase, from the start of the run to its files written (17:00 in all). With forks, each fork splits its own time; what it cannot see (its JVM starting, touching its heap and exiting) is under JVM starts.
            |
            || Phase                                              |      Time | Share |
            ||:---------------------------------------------------|----------:|------:|
            || timed calls                                        |     10:00 | 58.8% |
            || JVM starts, heap and exits                         |      5:00 | 29.4% |
            || warm-up calls before each series                   |      1:30 |  8.8% |
            || full GC after each warm-up                         |    20.0 s |    2% |
            || checks before the run, reference workload, pooling |     9.5 s |  0.9% |
            || report and results files                           |     0.5 s |    0% |
            || **total**                                          | **17:00** |       |
            |
            |
            """.trimMargin(),
        )
        assertThat(MarkdownReport.render(read)).contains(table)
    }

    @Test
    fun `a results file from before the warm-up's parts were recorded apart names its warm-up whole`() {
        val phases = mapOf(RunPhase.TIMED_CALLS to 60 * seconds, RunPhase.SERIES_WARM_UP to 30 * seconds)
        val table = buildString { PhaseTable.render(this, phases) }
        assertThat(table).contains("| ${PhaseTable.WHOLE_SERIES_WARM_UP} |")
            .doesNotContain(RunPhase.SERIES_WARM_UP.displayName)
    }

    @Test
    fun `an older results file reads without phases, and its report has no phase table`() {
        val file = File(javaClass.getResource("/results/4910a22-benchmark-results.json")!!.toURI())
        val old = ResultsJson.decode(file.readText())
        assertThat(old.phaseNanos).isEmpty()
        assertThat(MarkdownReport.render(old)).doesNotContain("## Where the run's time went")
    }
}
