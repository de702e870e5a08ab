package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.UnsupportedCell

@Order(TestOrder.UNIT)
class StreamingTablesTest {
    private val unsupported =
        UnsupportedCell(
            "jackson",
            "Jackson",
            "flat",
            "no hand-written token loop for shape flat",
            decoder = "token-loop",
        )
    private val results = ReportFixtures.results.copy(
        streaming = ReportFixtures.streaming,
        streamingMemory = ReportFixtures.streamingMemory,
    )

    @Test
    fun `decodes from a stream get a table per size with both times, their ratios, and their chart`() {
        val section = MarkdownReport.render(results)
            .substringAfter("## Decoding from a stream\n\n").substringBefore("## Results per codec")
        assertThat(section).startsWith(
            "Each decoder reads its codec's own payload from an `InputStream` over the bytes in memory and " +
                "hands the elements over one at a time; every element is consumed. First is the time from " +
                "opening the stream to the first element handed over, All the time to the last one: both " +
                "from the same repetitions, means ± half the 99.9% confidence interval. `mapper` decodes the " +
                "whole list first (the baseline); All / mapper is All over the same codec's `mapper` All. " +
                "\"adapted\": the library has no stream API, so the stream is read into bytes first.\n\n### " +
                "N = 10\n\n",
        )
        assertThat(section).contains(
            """
            ### N = 1,000

            | Decoder                                  |             First |               All | First / All | All / mapper | Allocated |  Payload |
            |:-----------------------------------------|------------------:|------------------:|------------:|-------------:|----------:|---------:|
            | `kotlinx-json/mapper`                    | 2.99 ms ± 29.9 us | 3.00 ms ± 30.0 us |       99.7% |         1.00 |  3.85 MiB | 1.28 MiB |
            | `kotlinx-json/sequence`                  | 9.00 us ± 90.0 ns | 4.50 ms ± 45.0 us |        0.2% |         1.50 |  3.85 MiB | 1.28 MiB |
            | `jackson/mapper`                         | 2.40 ms ± 24.0 us | 2.41 ms ± 24.1 us |       99.6% |         1.00 |  3.85 MiB | 1.28 MiB |
            | `jackson/token-loop`                     | 5.00 us ± 50.0 ns | 1.21 ms ± 12.1 us |        0.4% |         0.50 |  3.85 MiB | 1.28 MiB |
            | `kotlinx-json-parallel/mapper` (adapted) | 1.60 ms ± 16.0 us | 1.61 ms ± 16.1 us |       99.4% |         1.00 |  3.85 MiB | 1.28 MiB |

            ![Time to the first element and to all elements vs N (log-log)](charts/streaming-first-vs-all.png)

            [Time to the first element and to all elements vs N (log-log), SVG](charts/streaming-first-vs-all.svg)

            """.trimIndent(),
        )
        assertThat(section)
            .contains("| `kotlinx-json/sequence` | 8.00 us ± 80.0 ns | 40.0 us ± 400 ns |         20% |         1.33 |")
    }

    @Test
    fun `a decoder that cannot decode a shape is listed under its shape's decodes, not among the codecs`() {
        val report = MarkdownReport.render(results.copy(unsupported = listOf(unsupported)))
        assertThat(report)
            .contains(
                "Not measured on this shape:\n\n- `jackson/token-loop`: not supported: no hand-written token loop for shape flat.\n",
            )
            .doesNotContain("## Not supported")
    }

    @Test
    fun `the bounded-memory decodes show input, heap and peak, and why a decoder was not run`() {
        assertThat(MarkdownReport.render(results)).contains(
            """
            ## Decoding from a stream in bounded memory

            1,000,000 elements of shape `flat` (1.25 GiB of JSON, the file `streaming-memory-flat-1000000.json`, written element by element, read through the page cache), decoded by each decoder in a JVM of its own with `-Xmx256m`, each element checked and then dropped (Time includes the checks). Peak after GC is the most heap any collection during the decode left in use (live data, plus whatever it did not reclaim); Before is the heap in use after a full GC just before the decode.

            | Decoder              |  Elements |    Input | Max heap |   Before | Peak after GC | GCs |   Time | Note                                                                                               |
            |:---------------------|----------:|---------:|---------:|---------:|--------------:|----:|-------:|:---------------------------------------------------------------------------------------------------|
            | `jackson/mapper`     |         - | 1.25 GiB |  256 MiB |        - |             - |   - |      - | not measured: would not fit the heap: decodes the whole list before handing over its first element |
            | `jackson/token-loop` | 1,000,000 | 1.25 GiB |  256 MiB | 12.0 MiB |      14.0 MiB | 230 | 6.50 s |                                                                                                    |

            ## Cold start
            """.trimIndent(),
        )
    }

    @Test
    fun `a run without decodes from a stream has neither section`() {
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain("## Decoding from a stream")
    }
}
