package serialbench.run

import java.io.File
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder
import serialbench.codec.Codecs
import serialbench.data.Shapes

@Order(TestOrder.UNIT)
class BenchConfigTest {
    @Test
    fun `unset properties take the documented defaults`() {
        val config = BenchConfig.from { null }
        assertThat(config.sizesOf(Shapes.FLAT)).containsExactly(10, 100, 1000, 10000, 100000)
        assertThat(config.shapes).containsExactly("flat")
        assertThat(config.forks).isEqualTo(1)
        assertThat(config.repetitions).isEqualTo(100)
        assertThat(config.threads).isEqualTo(Runtime.getRuntime().availableProcessors())
        assertThat(config.codecs).isEqualTo(Codecs.ids)
    }

    @Test
    fun `set properties are parsed`() {
        val properties = mapOf(
            "bench.sizes" to "10, 1000",
            "bench.repetitions" to "5",
            "bench.warmup" to "3",
            "bench.warmupMillis" to "20",
            "bench.threads" to "4",
            "bench.codecs" to "kotlinx-cbor,kotlinx-json",
            "bench.seed" to "-12",
        )
        val config = BenchConfig.from(properties::get)
        assertThat(config).isEqualTo(BenchConfig(listOf(10, 1000), 5, 3, 20, 4, listOf("kotlinx-cbor", "kotlinx-json"), -12))
        assertThat(config.asProperties()).containsAllEntriesOf(properties.mapValues { it.value.replace(" ", "") })
    }

    @ParameterizedTest
    @CsvSource(
        delimiter = '|',
        value = [
            "bench.sizes|10,x|bench.sizes='10,x': 'x' is not a number; allowed: comma-separated positive integers, e.g. 10,1000",
            "bench.sizes|10,0|bench.sizes='10,0': 0 is not positive; allowed: comma-separated positive integers, e.g. 10,1000",
            "bench.repetitions|-3|bench.repetitions='-3': -3 is not positive; allowed: a positive integer",
            "bench.repetitions|ten|bench.repetitions='ten': 'ten' is not a number; allowed: a positive integer",
            "bench.warmup|0|bench.warmup='0': 0 is not positive; allowed: a positive integer",
            "bench.warmupMillis|1.5|bench.warmupMillis='1.5': '1.5' is not a number; allowed: a positive integer",
            "bench.threads|0|bench.threads='0': 0 is not positive; allowed: a positive integer",
            "bench.seed|abc|bench.seed='abc' is not a number; allowed: any 64-bit integer",
        ],
    )
    fun `a bad value fails with the property, the value and what is allowed`(name: String, value: String, message: String) {
        assertThatThrownBy { BenchConfig.from(mapOf(name to value)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(message)
    }

    @Test
    fun `an unknown codec id fails with the valid ids`() {
        assertThatThrownBy { BenchConfig.from(mapOf("bench.codecs" to "kotlinx-json,xml")::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("bench.codecs='kotlinx-json,xml': unknown codec id 'xml'; allowed: ${Codecs.ids.joinToString(", ")}")
    }

    @Test
    fun `the baseline is kotlinx-json, or the first codec of a run without it, or the one named`() {
        assertThat(BenchConfig.from { null }.baseline).isEqualTo("kotlinx-json")
        assertThat(BenchConfig.from(mapOf("bench.codecs" to "jackson,fory")::get).baseline).isEqualTo("jackson")
        assertThat(BenchConfig.from(mapOf("bench.baseline" to "fory")::get).baseline).isEqualTo("fory")
    }

    @Test
    fun `a baseline outside the run fails with the codecs it may be`() {
        assertThatThrownBy { BenchConfig.from(mapOf("bench.codecs" to "jackson,fory", "bench.baseline" to "gson")::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("bench.baseline='gson' is not among bench.codecs=jackson,fory; allowed: one of jackson, fory")
        assertThatThrownBy { BenchConfig.from(mapOf("bench.codecs" to "jackson,fory", "bench.baseline" to "xml")::get) }
            .hasMessage("bench.baseline='xml' is not a codec id; allowed: one of jackson, fory")
    }

    @Test
    fun `previous results must be a readable file, checked before anything runs`(@TempDir directory: File) {
        val missing = File(directory, "nothing.json")
        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.results" to missing.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.baseline.results='${missing.path}': no readable file there (absolute path ${missing.absolutePath}); " +
                    "allowed: the benchmark-results.json of an earlier run",
            )
        val present = File(directory, "benchmark-results.json").apply { writeText("{}") }
        val config = BenchConfig.from(mapOf("bench.baseline.results" to present.path)::get)
        assertThat(config.baselineResults).isEqualTo(present)
        assertThat(config.asProperties()).containsEntry("bench.baseline.results", present.path).containsEntry("bench.baseline.threshold", "10.0")
        val stricter = BenchConfig.from(mapOf("bench.baseline.results" to present.path, "bench.baseline.threshold" to "2.5")::get)
        assertThat(stricter.baselineThresholdPercent).isEqualTo(2.5)
        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.threshold" to "-1")::get) }
            .hasMessage("bench.baseline.threshold='-1' is not a percentage; allowed: a number >= 0, e.g. 10 for 10%")
    }

    @Test
    fun `upload content size is read, recorded when upload runs, and applied to the shape`() {
        val config = BenchConfig.from(mapOf("bench.shapes" to "events,upload", "bench.uploadBytes" to "1000")::get)
        assertThat(config.uploadBytes).isEqualTo(1000)
        assertThat(config.asProperties()).containsEntry("bench.uploadBytes", "1000")
        assertThat(config.shapeList.map { it.heapBytesPerElement }).containsExactly(Shapes.EVENTS.heapBytesPerElement, 2 * 1000L + 4096)
        assertThat(BenchConfig.from { null }.uploadBytes).isEqualTo(256 * 1024)
        assertThat(BenchConfig.from { null }.asProperties()).doesNotContainKey("bench.uploadBytes")
    }

    @ParameterizedTest
    @CsvSource("-1", "268435457", "1k", "0.5")
    fun `an upload content size that is not a byte count in range is refused`(value: String) {
        assertThatThrownBy { BenchConfig.from(mapOf("bench.uploadBytes" to value)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("bench.uploadBytes='$value' is not a byte count in range; allowed: 0 to 268435456 (256 MiB), e.g. 262144 for 256 KiB")
    }

    @Test
    fun `the data directory may exist or be creatable, and is recorded`(@TempDir directory: File) {
        val missing = File(directory, "a/b")
        val config = BenchConfig.from(mapOf("bench.writeData" to missing.path)::get)
        assertThat(config.writeData).isEqualTo(missing)
        assertThat(config.asProperties()).containsEntry("bench.writeData", missing.path)
        assertThat(missing).doesNotExist()
        assertThat(BenchConfig.from(mapOf("bench.writeData" to directory.path)::get).writeData).isEqualTo(directory)
    }

    @Test
    fun `a data directory blocked by a file is refused before anything runs, naming what is in the way`(@TempDir directory: File) {
        val file = File(directory, "results.txt").apply { writeText("x") }
        assertThatThrownBy { BenchConfig.from(mapOf("bench.writeData" to file.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.writeData='${file.path}': it exists and is not a directory (absolute path ${file.absolutePath}); " +
                    "allowed: a writable directory, created if missing",
            )
        val below = File(file, "data")
        assertThatThrownBy { BenchConfig.from(mapOf("bench.writeData" to below.path)::get) }
            .hasMessage(
                "bench.writeData='${below.path}': it cannot be created: ${file.absolutePath} is not a directory " +
                    "(absolute path ${below.absolutePath}); allowed: a writable directory, created if missing",
            )
    }
}
