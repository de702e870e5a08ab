package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.results.UnsupportedCell

@Order(TestOrder.UNIT)
class IoTablesTest {
    private fun ioRow(codec: String, path: IoPath, operation: Operation, meanNanos: Double, adapted: Boolean = false) =
        ReportFixtures.row(codec, codec, operation, 10, meanNanos, 1346).copy(io = path, adapted = adapted)

    private val rows = listOf(
        ioRow("jackson", IoPath.STRING, Operation.SERIALIZE, 1_000.0),
        ioRow("jackson", IoPath.BYTES, Operation.SERIALIZE, 800.0),
        ioRow("jackson", IoPath.STREAM, Operation.SERIALIZE, 900.0),
        ioRow("jackson", IoPath.FILE, Operation.SERIALIZE, 5_000.0),
        ioRow("jackson", IoPath.STRING, Operation.DESERIALIZE, 2_000.0),
        ioRow("jackson", IoPath.BYTES, Operation.DESERIALIZE, 1_500.0),
        ioRow("jackson", IoPath.STREAM, Operation.DESERIALIZE, 1_600.0),
        ioRow("jackson", IoPath.FILE, Operation.DESERIALIZE, 1_800.0),
        ioRow("kotlinx-json", IoPath.STRING, Operation.SERIALIZE, 1_200.0),
        ioRow("kotlinx-json", IoPath.BYTES, Operation.SERIALIZE, 1_500.0, adapted = true),
        ioRow("kotlinx-json", IoPath.STRING, Operation.DESERIALIZE, 2_400.0),
        ioRow("kotlinx-json", IoPath.BYTES, Operation.DESERIALIZE, 2_600.0, adapted = true),
        ioRow("protobuf", IoPath.BYTES, Operation.SERIALIZE, 400.0),
        ioRow("protobuf", IoPath.STREAM, Operation.SERIALIZE, 500.0),
        ioRow("protobuf", IoPath.BYTES, Operation.DESERIALIZE, 600.0),
        ioRow("protobuf", IoPath.STREAM, Operation.DESERIALIZE, 700.0),
    )
    private val unsupported =
        listOf(UnsupportedCell("protobuf", "Protocol Buffers", "flat", "binary format", io = IoPath.STRING))
    private val results = ReportFixtures.results.copy(
        ioPaths = rows,
        unsupported = ReportFixtures.results.unsupported + unsupported,
    )

    @Test
    fun `each size gets a codec by path table per operation, with the ratio to the codec's fastest path`() {
        val section = MarkdownReport.render(results)
            .substringAfter("## I/O paths\n\n").substringBefore("## Results per codec")
        assertThat(section).isEqualTo(
            "Each codec's list written to and read back from each path: `string` (a `String`), `bytes` (a " +
                "`ByteArray`), `stream` (an `OutputStream` / `InputStream` over memory, the output buffer reused) " +
                "and `file` (a file in `target/` through 64 KiB buffered streams, written, then read back: the page " +
                "cache serves those reads, not the disk). Each path uses the library's own API for it; \"adapted\": " +
                "the library has none, so the harness adapts another of its APIs (a string's UTF-8 bytes, bytes " +
                "written to the stream, the stream read into bytes first). Means ± half the 99.9% confidence " +
                "interval; in parentheses the ratio to the same codec's fastest path for that operation (1.00 is its " +
                "fastest).\n\n" +
                """
                ### N = 10, serialization

                | Codec          |                       string |                             bytes |                  stream |                     file |
                |:---------------|-----------------------------:|----------------------------------:|------------------------:|-------------------------:|
                | `jackson`      |     1.00 us ± 10.0 ns (1.25) |           800 ns ± 8.00 ns (1.00) | 900 ns ± 9.00 ns (1.13) | 5.00 us ± 50.0 ns (6.25) |
                | `kotlinx-json` |     1.20 us ± 12.0 ns (1.00) | 1.50 us ± 15.0 ns, adapted (1.25) |                       - |                        - |
                | `protobuf`     | not supported: binary format |           400 ns ± 4.00 ns (1.00) | 500 ns ± 5.00 ns (1.25) |                        - |

                ### N = 10, deserialization

                | Codec          |                       string |                             bytes |                   stream |                     file |
                |:---------------|-----------------------------:|----------------------------------:|-------------------------:|-------------------------:|
                | `jackson`      |     2.00 us ± 20.0 ns (1.33) |          1.50 us ± 15.0 ns (1.00) | 1.60 us ± 16.0 ns (1.07) | 1.80 us ± 18.0 ns (1.20) |
                | `kotlinx-json` |     2.40 us ± 24.0 ns (1.00) | 2.60 us ± 26.0 ns, adapted (1.08) |                        - |                        - |
                | `protobuf`     | not supported: binary format |           600 ns ± 6.00 ns (1.00) |  700 ns ± 7.00 ns (1.17) |                        - |
                """.trimIndent() + "\n\n",
        )
    }

    @Test
    fun `a run without I O paths has no such section, and their unsupported cells stay out of the codecs' list`() {
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain("## I/O paths")
        assertThat(MarkdownReport.render(results))
            .doesNotContain("| `protobuf` | `flat` | not supported: binary format |")
    }

    @Test
    fun `a shape that no path measured is named with its paths, codecs and reason, not left out`() {
        val file = listOf("kotlinx-json", "jackson").flatMap { codec ->
            listOf(IoPath.STRING, IoPath.FILE).map {
                UnsupportedCell(codec, codec, "flat", "no paths", io = it)
            }
        }
        val section = MarkdownReport.render(ReportFixtures.results.copy(unsupported = file))
            .substringAfter("## I/O paths\n\n").substringBefore("## Results per codec")
        assertThat(section.substringAfter("fastest).\n\n")).isEqualTo(
            "`flat`, string, file (`kotlinx-json`, `jackson`): not supported: no paths.\n\n",
        )
    }
}
