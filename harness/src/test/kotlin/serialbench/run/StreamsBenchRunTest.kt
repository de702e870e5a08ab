package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import java.io.File
import java.util.concurrent.TimeUnit

/** The streams measurement, cut to a few elements and no warm-up: it checks, measures, reports and cleans up. */
@Order(TestOrder.UNIT)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class StreamsBenchRunTest {
    @Test
    fun `a short run reports every operation for every size and leaves only its report`(@TempDir directory: File) {
        val report = StreamsBench(listOf(3, 20), repetitions = 2, directory = directory, warmUpNanos = 0).run()
        for (size in listOf(3, 20)) {
            assertThat(
                report,
            ).contains(
                "| $size | decode from file |",
                "| $size | first element (ParallelJson) |",
                "| $size | encode to buffered file |",
            )
        }
        assertThat(directory.list()).containsExactly("streams-report.md")
        assertThat(File(directory, "streams-report.md").readText()).isEqualTo(report)
    }

    @Test
    fun `bad sizes and repetitions are refused naming the property`(@TempDir directory: File) {
        assertThatThrownBy { StreamsBench.from(mapOf(StreamsOptions.SIZES.name to "10,x")::get, directory) }
            .hasMessageContaining("bench.streams.sizes")
        assertThatThrownBy { StreamsBench.from(mapOf(StreamsOptions.REPETITIONS.name to "0")::get, directory) }
            .hasMessageContaining("bench.streams.repetitions")
    }
}
