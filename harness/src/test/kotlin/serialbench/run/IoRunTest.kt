package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.io.IoPaths
import serialbench.report.MarkdownReport
import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.results.UnsupportedCell
import java.io.File
import java.util.concurrent.TimeUnit

/** `bench.io` end to end: a short run over every path, in this JVM and in a fork. Correctness only, no timing. */
@Order(TestOrder.CODECS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class IoRunTest {
    private fun config(forks: Int) = BenchConfig.from(
        mapOf(
            "bench.sizes" to "2",
            "bench.repetitions" to "3",
            "bench.warmup" to "1",
            "bench.warmupMillis" to "1",
            "bench.threads" to "2",
            "bench.codecs" to "kotlinx-json,protobuf",
            "bench.forks" to "$forks",
            "bench.io" to "all",
        ),
    )

    @Test
    fun `each codec is measured over every path it can take, rows carry the path, a binary codec has no string path`() {
        for (forks in listOf(0, 1)) {
            val results = BenchmarkRun(config(forks)).run()
            val expected = listOf(
                "kotlinx-json" to IoPath.entries,
                "protobuf" to IoPath.entries - IoPath.STRING,
            ).flatMap { (codec, paths) ->
                paths.flatMap { path -> Operation.entries.map { listOf(codec, path, it) } }
            }
            assertThat(
                results.ioPaths.map {
                    listOf(it.codec, it.io, it.operation)
                },
            ).describedAs("forks = $forks").containsExactlyInAnyOrderElementsOf(expected)
            assertThat(results.ioPaths).allSatisfy { row ->
                assertThat(row.repetitions).isEqualTo(3)
                assertThat(row.size).isEqualTo(2)
                assertThat(row.adapted).isEqualTo(row.codec == "kotlinx-json" && row.io == IoPath.BYTES)
            }
            assertThat(results.results.map { it.io }).containsOnlyNulls()
            assertThat(results.unsupported).containsExactly(
                UnsupportedCell(
                    "protobuf",
                    "Protocol Buffers (protobuf-java)",
                    "flat",
                    IoPaths.BINARY_FORMAT,
                    io = IoPath.STRING,
                ),
            )
            assertThat(results.environment.benchProperties).containsEntry("bench.io", "string,bytes,stream,file")
            assertThat(MarkdownReport.render(results)).contains("## I/O paths").contains("not supported: binary format")
            assertThat(
                File("target/${IoProbe.DIRECTORY}").listFiles().orEmpty(),
            ).describedAs("files left by the file path").isEmpty()
        }
    }
}
