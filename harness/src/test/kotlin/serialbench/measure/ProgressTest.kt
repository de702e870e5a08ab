package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.Operation
import serialbench.statistics.Statistics

@Order(TestOrder.UNIT)
class ProgressTest {
    private var nowNanos = 0L
    private val lines = mutableListOf<String>()
    private val progress =
        Progress(
            listOf("flat" to 10, "flat" to 1000),
            codecCount = 2,
            { lines += it },
            { nowNanos },
            intervalNanos =
            10 * SECOND,
        )
    private val stats = Statistics.of(longArrayOf(1_000, 3_000))

    private fun cell(codec: String, size: Int) = Cell(codec, codec, "JSON", "flat", size)

    private fun at(seconds: Int, event: () -> Unit) {
        nowNanos = (100 + seconds) * SECOND
        event()
    }

    @Test
    fun `prints a line per finished measurement and at most one per interval in between, with an ETA once it can`() {
        // cold starts and warm-up took 100 s, which the ETA must not count
        at(0) { progress.start() }
        at(0) { progress.repetition(cell("kotlinx-json", 10), Operation.SERIALIZE, 1, 2) }
        at(11) { progress.repetition(cell("kotlinx-json", 10), Operation.SERIALIZE, 1, 2) }
        at(12) { progress.finished(cell("kotlinx-json", 10), Operation.SERIALIZE, stats) }
        at(14) { progress.finished(cell("kotlinx-json", 10), Operation.DESERIALIZE, stats) }
        at(16) { progress.finished(cell("kotlinx-json-parallel", 10), Operation.SERIALIZE, stats) }
        at(18) { progress.finished(cell("kotlinx-json-parallel", 10), Operation.DESERIALIZE, stats) }
        // N = 10 took 12, 2, 2, 2 s: 4.5 s fixed; N = 1,000 took 10 s: (10 - 4.5) s / 1,000 objects;
        // left: 3 measurements, 3,000 objects = 3 x 4.5 s + 3,000 x 5.5 ms = 30 s
        at(28) { progress.finished(cell("kotlinx-json", 1000), Operation.SERIALIZE, stats) }
        at(30) { progress.repetition(cell("kotlinx-json", 1000), Operation.DESERIALIZE, 1, 2) }
        at(40) { progress.repetition(cell("kotlinx-json", 1000), Operation.DESERIALIZE, 2, 2) }

        assertThat(lines).containsExactly(
            "N=10 (size 1 of 2) kotlinx-json serialization: repetition 1 of 2 | done 0 of 8 | elapsed 0:11 | ETA ?",
            "N=10 (size 1 of 2) kotlinx-json serialization: 2 repetitions, mean 2.0 us ± 636.6 us | done 1 of 8 | elapsed 0:12 | ETA ?",
            "N=10 (size 1 of 2) kotlinx-json deserialization: 2 repetitions, mean 2.0 us ± 636.6 us | done 2 of 8 | elapsed 0:14 | ETA ?",
            "N=10 (size 1 of 2) kotlinx-json-parallel serialization: 2 repetitions, mean 2.0 us ± 636.6 us | done 3 of 8 | elapsed 0:16 | ETA ?",
            "N=10 (size 1 of 2) kotlinx-json-parallel deserialization: 2 repetitions, mean 2.0 us ± 636.6 us | done 4 of 8 | elapsed 0:18 | ETA ?",
            "N=1000 (size 2 of 2) kotlinx-json serialization: 2 repetitions, mean 2.0 us ± 636.6 us | done 5 of 8 | elapsed 0:28 | ETA 0:30",
            "N=1000 (size 2 of 2) kotlinx-json deserialization: repetition 2 of 2 | done 5 of 8 | elapsed 0:40 | ETA 0:18",
        )
    }

    private companion object {
        const val SECOND = 1_000_000_000L
    }
}
