package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class ProgressTest {
    private var nowNanos = 0L
    private val lines = mutableListOf<String>()
    private val config = BenchConfig(sizes = listOf(10, 1000), codecs = listOf("kotlinx-json", "kotlinx-json-parallel"), warmupMillis = 500)
    private val progress = Progress(config, { lines += it }, { nowNanos }, intervalNanos = 10 * SECOND)

    @Test
    fun `prints a line per finished measurement and at most one per interval in between, with an ETA`() {
        // cold starts and warm-up took 100 s, which the ETA must not count
        nowNanos = 100 * SECOND
        progress.start()
        progress.repetition("kotlinx-json", Operation.SERIALIZE, 10, 1, 2)
        nowNanos = (100 + 11) * SECOND
        progress.repetition("kotlinx-json", Operation.SERIALIZE, 10, 1, 2)
        nowNanos = (100 + 12) * SECOND
        // 8 measurements of 4,040 objects in all; after the first: 0.5 s warm-up each plus (12 - 0.5) s / 10 objects
        progress.finished("kotlinx-json", Operation.SERIALIZE, 10, Statistics.of(longArrayOf(1_000, 3_000)))
        nowNanos = (100 + 15) * SECOND
        progress.repetition("kotlinx-json", Operation.DESERIALIZE, 10, 1, 2)
        nowNanos = (100 + 22) * SECOND
        progress.repetition("kotlinx-json", Operation.DESERIALIZE, 10, 2, 2)

        assertThat(lines).containsExactly(
            "N=10 (size 1 of 2) kotlinx-json serialization: repetition 1 of 2 | done 0 of 8 | elapsed 0:11 | ETA ?",
            "N=10 (size 1 of 2) kotlinx-json serialization: 2 repetitions, mean 2.0 us ± 636.6 us | done 1 of 8 | elapsed 0:12 | ETA 77:18",
            "N=10 (size 1 of 2) kotlinx-json deserialization: repetition 2 of 2 | done 1 of 8 | elapsed 0:22 | ETA 77:08",
        )
    }

    private companion object {
        const val SECOND = 1_000_000_000L
    }
}
