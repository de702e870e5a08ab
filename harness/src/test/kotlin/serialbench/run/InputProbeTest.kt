package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.codecs.TreeCodecs
import serialbench.input.InputDocument
import serialbench.input.InputFileException
import serialbench.report.MarkdownReport
import serialbench.results.DataChange
import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.results.ShapeInfo
import serialbench.results.UnsupportedCell
import java.io.File
import java.util.concurrent.TimeUnit

/** `bench.input` end to end: a short run on a small file, in this JVM and in a fork. Correctness only, no timing. */
@Order(TestOrder.CODECS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class InputProbeTest {
    @TempDir
    lateinit var directory: File

    private fun config(file: File, vararg codecs: String, forks: Int = 0, shapes: List<String> = emptyList()) =
        BenchConfig.from(
            mapOf(
                "bench.repetitions" to "3",
                "bench.warmup" to "1",
                "bench.warmupMillis" to "1",
                "bench.threads" to "2",
                "bench.codecs" to codecs.joinToString(","),
                "bench.forks" to "$forks",
                "bench.input" to file.path,
            ) +
                if (shapes.isEmpty()) {
                    emptyMap()
                } else {
                    mapOf(
                        "bench.shapes" to shapes.joinToString(","),
                        "bench.sizes" to "10",
                    )
                },
        )

    private fun write(name: String, text: String) = File(directory, name).apply { writeText(text) }

    @Test
    fun `each codec with a tree mode is measured on the file, one that changes the data says where, others why not`() {
        val file =
            write(
                "orders.json",
                """[{"id": 1, "price": 0.1, "note": null}, {"id": 2, "price": 2.5, "note": "x"}, {"id": 3, "price": 1e1, "note": null}]""",
            )
        val results = BenchmarkRun(config(file, "kotlinx-json", "gson", "kotlinx-json-parallel", "kotlinx-cbor")).run()

        assertThat(results.results.map { Triple(it.codec, it.operation, it.size) }).containsExactlyInAnyOrder(
            *listOf("kotlinx-json", "gson", "kotlinx-json-parallel").flatMap { codec ->
                Operation.entries.map { Triple(codec, it, 3) }
            }.toTypedArray(),
        )
        assertThat(results.results).allSatisfy { row ->
            assertThat(row.shape).isEqualTo("file:orders.json")
            assertThat(row.repetitions).isEqualTo(3)
            assertThat(row.payloadBytes).isEqualTo(file.length().toInt())
            assertThat(row.durationsNanos.single()).hasSize(3)
            val expected = if (row.codec == "gson") DataChange("$[0].note", "null became absent", 2) else null
            assertThat(row.dataChange).describedAs(row.codec).isEqualTo(expected)
        }
        assertThat(
            results.unsupported,
        ).containsExactly(UnsupportedCell("kotlinx-cbor", "kotlinx Cbor", "file:orders.json", TreeCodecs.NEEDS_JSON))
        val document = InputDocument.read(file)
        assertThat(
            checkNotNull(results.method).shapes,
        ).containsExactly(ShapeInfo("file:orders.json", document.description, listOf(3), document.outline))
        assertThat(results.coldStart).isEmpty()
        assertThat(
            results.environment.benchProperties,
        ).containsEntry("bench.input", file.path).doesNotContainKey("bench.shapes")

        assertThat(MarkdownReport.render(results))
            .contains(
                "- File `orders.json` (`${file.path}`, 116 B): an array of 3 elements, 2 levels deep. Tree mode: ",
            )
            .contains(
                "| `gson`                  | changes the data: `$[0].note`: null became absent (2 differences in all) |\n",
            )
            .contains("| `kotlinx-json`          | kept ")
            .contains("| `kotlinx-cbor` | `file:orders.json` | not supported: tree mode needs a JSON codec |")
    }

    @Test
    fun `a codec whose library refuses the file is not supported, with the library's message`() {
        val file = write("dup.json", """{"a": 1, "a": 2}""")
        val results = BenchmarkRun(config(file, "moshi", "jackson")).run()
        assertThat(results.results.map { it.codec }.distinct()).containsExactly("jackson")
        assertThat(results.unsupported.single().reason)
            .isEqualTo(
                "its library fails on this file: JsonDataException: Map key 'a' has multiple values at path $.a: 1.0 and 2.0",
            )
    }

    @Test
    fun `a fork reads the file too, beside the built-in shapes when they are named`() {
        val file = write("prices.json", """[1.5, 2, 3.25, 4]""")
        val results = BenchmarkRun(config(file, "kotlinx-json", forks = 1, shapes = listOf("flat"))).run()
        assertThat(results.results.map { Triple(it.shape, it.size, it.forks) }.distinct())
            .containsExactlyInAnyOrder(Triple("flat", 10, 1), Triple("file:prices.json", 4, 1))
        assertThat(results.coldStart.map { it.shape }).containsExactly("flat")
    }

    @Test
    fun `with I O paths and streams asked for, the file is named as not taken over the paths, the run complete`() {
        val file = write("orders.json", """[{"id": 1}, {"id": 2}]""")
        val options = config(file, "kotlinx-json").asProperties() +
            mapOf("bench.io" to "string,file", "bench.streaming" to "true", "bench.robustness.cases" to "0")
        val config = BenchConfig.from(options)
        val results = BenchmarkRun(config).run()

        assertThat(results.unsupported.map { Triple(it.shape, it.io, it.reason) }).containsExactly(
            Triple("file:orders.json", IoPath.STRING, IoProbe.INPUT_FILE),
            Triple("file:orders.json", IoPath.FILE, IoProbe.INPUT_FILE),
        )
        assertThat(RunCompleteness.problems(config, results)).isEmpty()
    }

    @Test
    fun `a bad file stops the run before anything is measured`() {
        val file = write("broken.json", """[{"id": 1}, {"id": 2]""")
        assertThatThrownBy { BenchmarkRun(config(file, "kotlinx-json")) }
            .isInstanceOf(InputFileException::class.java)
            .hasMessage(
                "bench.input='${file.path}': not JSON at byte offset 20 (line 1, column 21): expected ',' or '}' after an object member, found ']'",
            )
    }

    @Test
    fun `a file too large for the heap is refused with its size and the heap, before anything runs`() {
        val file = write("big.json", "[" + (1..40_000).joinToString(",") + "]")
        val heapBytes = 4L * 1024 * 1024
        assertThat(file.length() * HeapCheck.HEAP_BYTES_PER_INPUT_BYTE).isGreaterThan(heapBytes)
        assertThatThrownBy { HeapCheck.refuseInputThatCannotFit(file, heapBytes) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.input='${file.path}' (228,895 bytes on disk, not read) needs about 6 MiB of heap " +
                    "(~32 bytes per byte of JSON: " +
                    "the text and up to three trees of it), more than the 4 MiB this JVM has; use a smaller file or raise -Xmx (bench.jvmArgs)",
            )
    }

    @Test
    fun `a file larger than the heap, or than an array can hold, is refused without being read`() {
        // Sparse files: their length is all there is, no byte is written to disk.
        for (sizeBytes in listOf(512L shl 20, 3L shl 30)) {
            val file = File(directory, "huge-$sizeBytes.json")
            java.io.RandomAccessFile(file, "rw").use { it.setLength(sizeBytes) }
            val size = String.format(java.util.Locale.ROOT, "%,d", sizeBytes)
            val refusal = assertThatThrownBy { BenchmarkRun(config(file, "kotlinx-json")) }
                .isInstanceOf(IllegalArgumentException::class.java)
            if (sizeBytes > InputDocument.MAX_FILE_BYTES) {
                refusal.hasMessage(
                    "bench.input='${file.path}': $size bytes on disk, not read; allowed: at most 2,147,483,639 " +
                        "bytes (one Java array holds the text)",
                )
            } else {
                refusal.hasMessageStartingWith("bench.input='${file.path}' ($size bytes on disk, not read) needs about")
                    .hasMessageContaining("use a smaller file or raise -Xmx (bench.jvmArgs)")
            }
        }
    }
}
