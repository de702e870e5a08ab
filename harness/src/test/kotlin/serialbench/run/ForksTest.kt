package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.results.Operation
import java.util.concurrent.TimeUnit

/** Forks are child JVMs given the run's options: their rows, samples and cold start come back and are pooled. */
@Order(TestOrder.UNIT)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ForksTest {
    private val config = BenchConfig.from(
        mapOf(
            "bench.codecs" to "kotlinx-json",
            "bench.sizes" to "10",
            "bench.repetitions" to "3",
            "bench.warmup" to "1",
            "bench.warmupMillis" to "10",
            "bench.forks" to "2",
            "bench.threads" to "1",
        )::get,
    )

    @Test
    fun `two forks of a codec measure it in JVMs of their own, the first its cold start, once`() {
        val lines = mutableListOf<String>()
        val part = Forks(config, listOf("-Xmx256m"), { synchronized(lines) { lines += it } }) { "flat" to 10 }.run()

        // The first fork measures the cold start first; a later one measures none: one row per codec.
        assertThat(part.coldStart.map { "${it.codec} ${it.shape} ${it.size}" }).containsExactly("kotlinx-json flat 10")
        assertThat(part.measurements.map { it.row.operation })
            .containsExactlyInAnyOrder(Operation.SERIALIZE, Operation.DESERIALIZE)
        assertThat(part.measurements).allSatisfy { measurement ->
            assertThat(measurement.row.forks).isEqualTo(2)
            assertThat(measurement.row.forkMeansNanos).hasSize(2)
            assertThat(measurement.samples.durationsNanos.size).isGreaterThanOrEqualTo(2 * 3)
        }
        assertThat(lines).contains("fork 1 of codec kotlinx-json (2 forks, codec 1 of 1): starting")
        assertThat(lines).anySatisfy { assertThat(it).startsWith("[kotlinx-json] ") }
    }
}
