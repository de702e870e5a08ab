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

    @Test
    fun `a size whose lists cannot fit the heap is refused before anything runs, naming the size and the heap`(
        @TempDir directory: File,
    ) {
        val sizes = mapOf(StreamsOptions.SIZES.name to "1000,100000")
        val gib = 1L shl 30

        assertThatThrownBy { StreamsBench.from(sizes::get, directory, maxHeapBytes = gib) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "shape flat at size 100000 needs about 2343 MiB of heap (3 live copies of ~8192 bytes per element), " +
                    "more than the 1024 MiB this JVM has; lower bench.streams.sizes or raise this JVM's -Xmx " +
                    "(java -Xmx<size> -jar ...)",
            )
        assertThat(directory.list()).isEmpty()
        StreamsBench.from(sizes::get, directory, maxHeapBytes = 3 * gib)
    }
}
