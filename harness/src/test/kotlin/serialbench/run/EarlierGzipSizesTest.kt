package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.measure.PhaseClock
import serialbench.results.RunPhase
import java.util.concurrent.TimeUnit

/** A run records its payloads' gzip sizes, and takes those an earlier run of the same JVM found. Correctness only. */
@Order(TestOrder.CODECS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class EarlierGzipSizesTest {
    private val config = BenchConfig.from(
        mapOf(
            "bench.sizes" to "3",
            "bench.repetitions" to "3",
            "bench.warmup" to "1",
            "bench.warmupMillis" to "1",
            "bench.codecs" to "kotlinx-json,kotlinx-cbor",
            "bench.forks" to "0",
            "bench.robustness.cases" to "0",
        ),
    )

    @Test
    fun `a run records the gzip size of each distinct payload, and a later run takes them instead of compressing`() {
        val first = BenchmarkRun(config, PhaseClock(RunPhase.OTHER)).run()
        // two payloads, JSON and CBOR, each recorded with the size its rows show
        assertThat(first.gzipSizes).hasSize(2)
        assertThat(first.gzipSizes.values).containsExactlyInAnyOrderElementsOf(
            first.results.map { it.gzipBytes }.distinct(),
        )

        // a size only a recorded one could give shows that the later run took it rather than compressing again
        val jsonSize = first.results.first { it.codec == "kotlinx-json" }.gzipBytes
        val jsonKey = first.gzipSizes.entries.single { it.value == jsonSize }.key
        val later = BenchmarkRun(config, PhaseClock(RunPhase.OTHER), earlierGzipSizes = mapOf(jsonKey to 7)).run()
        assertThat(later.results.filter { it.codec == "kotlinx-json" }.map { it.gzipBytes }).containsOnly(7)
        val cbor = { run: serialbench.results.BenchmarkResults ->
            run.results.filter { it.codec == "kotlinx-cbor" }.map { it.gzipBytes }
        }
        assertThat(cbor(later)).isEqualTo(cbor(first))
        assertThat(later.gzipSizes).containsEntry(jsonKey, 7).hasSize(2)
        assertThat(jsonSize).isNotEqualTo(7)
    }
}
