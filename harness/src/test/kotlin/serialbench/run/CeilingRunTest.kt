package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.report.MarkdownReport
import serialbench.results.Operation
import serialbench.results.RunPhase
import java.util.concurrent.TimeUnit

/** `bench.ceiling` end to end: a short run in this JVM and in forks. Correctness only, no timing. */
@Order(TestOrder.CODECS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CeilingRunTest {
    private fun config(forks: Int, ceiling: Boolean = true, threads: Int = 2) = BenchConfig.from(
        mapOf(
            "bench.sizes" to "2",
            "bench.repetitions" to "4",
            "bench.warmup" to "1",
            "bench.warmupMillis" to "1",
            "bench.threads" to "$threads",
            "bench.codecs" to "kotlinx-json,kotlinx-json-parallel,jackson",
            "bench.forks" to "$forks",
            "bench.robustness.cases" to "0",
            "bench.ceiling" to "$ceiling",
        ),
    )

    @Test
    fun `each parallel codec's engine is timed alone, then in rounds of one call per thread, in its own JVMs only`() {
        for (forks in listOf(0, 2)) {
            val results = BenchmarkRun(config(forks)).run()
            assertThat(results.ceiling.map { listOf(it.codec, it.operation, it.concurrentCalls) })
                .describedAs("forks = $forks: one call alone and a round of two, each operation")
                .containsExactlyInAnyOrder(
                    listOf("kotlinx-json", Operation.SERIALIZE, 1),
                    listOf("kotlinx-json", Operation.DESERIALIZE, 1),
                    listOf("kotlinx-json", Operation.SERIALIZE, 2),
                    listOf("kotlinx-json", Operation.DESERIALIZE, 2),
                )
            assertThat(results.ceiling).allSatisfy { row ->
                assertThat(row.repetitions).isEqualTo(4)
                assertThat(row.size).isEqualTo(2)
                assertThat(row.forkMeansNanos).hasSize(if (forks >= 2) forks else 0)
            }
            assertThat(results.results.map { it.concurrentCalls }).containsOnlyNulls()
            assertThat(results.phaseNanos[RunPhase.CEILING]).isPositive()
            val report = MarkdownReport.render(results)
            assertThat(report).contains("## The ceiling of a split")
            val table = report.substringAfter("## The ceiling of a split").substringBefore("\n## ")
            assertThat(table.lines().filter { it.startsWith("| `") }.map { it.split("|")[9].trim() })
                .describedAs("the parallel codec of each round")
                .containsExactly("`kotlinx-json-parallel`", "`kotlinx-json-parallel`")
        }
    }

    @Test
    fun `without bench_ceiling, or with one thread, no round is timed`() {
        assertThat(BenchmarkRun(config(0, ceiling = false)).run().ceiling).isEmpty()
        val oneThread = BenchmarkRun(config(0, threads = 1)).run()
        assertThat(oneThread.ceiling).isEmpty()
        assertThat(MarkdownReport.render(oneThread)).doesNotContain("ceiling of a split")
    }
}
