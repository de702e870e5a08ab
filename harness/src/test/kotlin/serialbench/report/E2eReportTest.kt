package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.results.E2eResultsJson
import java.io.File
import javax.imageio.ImageIO

@Order(TestOrder.UNIT)
class E2eReportTest {
    @Test
    fun `renders the environment, HTTP stack, modes, parallel codecs, connection reuse, charts and bad requests`() {
        assertThat(E2eReport.render(E2eFixtures.results)).isEqualTo(
            """
            |# End-to-end HTTP benchmark
            |
            |## Environment
            |
            || | |
            ||---|---|
            || CPU | Test CPU, 2 cores available |
            || OS | Linux 6.1 (amd64) |
            || JVM | Eclipse Adoptium OpenJDK 64-Bit Server VM 17.0.15 |
            || Max heap | 8.00 GiB |
            || GC | G1 Young Generation, G1 Old Generation |
            || JVM flags | `-Xmx8g` `-XX:+UseG1GC` |
            || ParallelJson threads | 2 |
            || HTTP server | Ktor 3.3.2 on its Netty engine (Netty 4.2.7.Final), loopback |
            || HTTP client | Apache HttpClient (classic) 5.5.1 |
            || Date | 2026-11-22T21:00:00Z |
            || Properties | `-Dbench.codecs=kotlinx-json,kotlinx-json-parallel` `-Dbench.http.requests=500` |
            |
            |## Test conditions
            |
            |- Server and client run in one JVM and talk over loopback: Ktor on its Netty engine, and Apache HttpClient (classic) with blocking calls.
            |- A request: the client encodes the list with the codec and POSTs it to `/upload/{codec}/{shape}` with the element count and a checksum of the content; the server decodes the body with its own instance of the codec, checks count and checksum, and answers with a digest of what it decoded, which the client checks. A request's time runs from the start of encoding to the end of reading the answer.
            |- Modes: 1 and 8 client threads, each with a new connection for every request (`new`) and with a pool that keeps connections open (`pooled`: at most 50 connections, 20 per route). Before any mode, each codec sent requests on each shape for 1000 ms (discarded; a pooled connection and a new one in turn), so that JIT compilation is over. In each mode, every client thread first sends 3 discarded requests; then the threads, started together, share 500 measured requests.
            |- Shape `flat`: `TestObject(name, value, items)`, generated from seed 7; elements per request: 1,000.
            |- The server reads bodies of up to 5,000,000 bytes and refuses larger ones (413); the parallel codecs use 2 threads on each side.
            |- Mean ± Error: the mean time per request and half its 99.9% confidence interval. Total: from the start of the measured requests to the end of the last. MB/s: request bodies in megabytes (10^6 bytes) per second. Body: bytes of one request body, HTTP headers not counted. Encode: the client's encoding per request; Decode: the server's own decoding per request (text decoding included for codecs that read text), sent back in a header. Codec: (Encode + Decode) / Mean, the share of a request spent in the codec; the rest is HTTP (connection, headers, copying the body, scheduling) and the checks. Opened: connections the server accepted in the mode, warm-up included.
            |
            |## `flat`, N = 1,000
            |
            || Codec                   | Mode              |      Mean ± Error |  StdDev |  Median |     P99 |     Max |  Total | Requests/s | MB/s |        Body |  Encode |  Decode | Codec | Opened |
            ||:------------------------|:------------------|------------------:|--------:|--------:|--------:|--------:|-------:|-----------:|-----:|------------:|--------:|--------:|------:|-------:|
            || `kotlinx-json`          | 1 thread, new     |  10.0 ms ± 100 us | 1.00 ms | 9.00 ms | 20.0 ms | 30.0 ms | 5.00 s |        100 |  100 | 1,000,000 B | 2.00 ms | 3.00 ms | 50.0% |    503 |
            || `kotlinx-json-parallel` | 1 thread, new     |  8.00 ms ± 100 us | 1.00 ms | 7.20 ms | 16.0 ms | 24.0 ms | 4.00 s |        125 |  125 | 1,000,000 B | 1.60 ms | 2.40 ms | 50.0% |    503 |
            || `kotlinx-json`          | 1 thread, pooled  |  9.00 ms ± 100 us | 1.00 ms | 8.10 ms | 18.0 ms | 27.0 ms | 4.50 s |        111 |  111 | 1,000,000 B | 1.80 ms | 2.70 ms | 50.0% |      1 |
            || `kotlinx-json-parallel` | 1 thread, pooled  |  7.00 ms ± 100 us | 1.00 ms | 6.30 ms | 14.0 ms | 21.0 ms | 3.50 s |        143 |  143 | 1,000,000 B | 1.40 ms | 2.10 ms | 50.0% |      1 |
            || `kotlinx-json`          | 8 threads, new    | 40.0 ms ± 1.00 ms | 10.0 ms | 36.0 ms | 80.0 ms |  120 ms | 2.50 s |        200 |  200 | 1,000,000 B | 8.00 ms | 12.0 ms | 50.0% |    524 |
            || `kotlinx-json-parallel` | 8 threads, new    | 41.0 ms ± 1.00 ms | 10.0 ms | 36.9 ms | 82.0 ms |  123 ms | 2.60 s |        192 |  192 | 1,000,000 B | 8.20 ms | 12.3 ms | 50.0% |    524 |
            || `kotlinx-json`          | 8 threads, pooled | 32.0 ms ± 1.00 ms | 10.0 ms | 28.8 ms | 64.0 ms | 96.0 ms | 2.00 s |        250 |  250 | 1,000,000 B | 6.40 ms | 9.60 ms | 50.0% |      8 |
            || `kotlinx-json-parallel` | 8 threads, pooled | 36.0 ms ± 1.00 ms | 10.0 ms | 32.4 ms | 72.0 ms |  108 ms | 2.25 s |        222 |  222 | 1,000,000 B | 7.20 ms | 10.8 ms | 50.0% |      8 |
            |
            |## Parallel codecs under concurrent requests
            |
            |Does splitting one request over 2 threads help when several clients send at once? Speedup is the engine's mean over the parallel codec's (above 1.00x the parallel codec is faster); a verdict needs the two 99.9% confidence intervals apart.
            |
            || Codec                   | Engine         | Shape  |     N | Mode              |    Mean | Engine mean | Requests/s | Engine requests/s | Speedup | Verdict      |
            ||:------------------------|:---------------|:-------|------:|:------------------|--------:|------------:|-----------:|------------------:|--------:|:-------------|
            || `kotlinx-json-parallel` | `kotlinx-json` | `flat` | 1,000 | 1 thread, new     | 8.00 ms |     10.0 ms |        125 |               100 |   1.25x | 🟢 helps     |
            || `kotlinx-json-parallel` | `kotlinx-json` | `flat` | 1,000 | 1 thread, pooled  | 7.00 ms |     9.00 ms |        143 |               111 |   1.29x | 🟢 helps     |
            || `kotlinx-json-parallel` | `kotlinx-json` | `flat` | 1,000 | 8 threads, new    | 41.0 ms |     40.0 ms |        192 |               200 |   0.98x | within error |
            || `kotlinx-json-parallel` | `kotlinx-json` | `flat` | 1,000 | 8 threads, pooled | 36.0 ms |     32.0 ms |        222 |               250 |   0.89x | 🔴 hurts     |
            |
            |- `kotlinx-json-parallel` against `kotlinx-json` with 1 client thread: helps in 2 and hurts in 0 of 2 cells (mean speedup 1.27x).
            |- `kotlinx-json-parallel` against `kotlinx-json` with 8 client threads: helps in 0 and hurts in 1 of 2 cells (mean speedup 0.93x).
            |
            |## Connection reuse
            |
            |Total time of a mode's measured requests with the pool over the same requests with a new connection each (below 1.00x the pool is faster): geometric mean over every codec, shape and size, and the range.
            |
            |- 1 client thread: 0.89x (from 0.88x to 0.90x over 2 cells).
            |- 8 client threads: 0.83x (from 0.80x to 0.87x over 2 cells).
            |
            |## Charts
            |
            |![Mean time per request, flat, N = 1,000](charts/e2e-flat-1000-request-time.png)
            |
            |[Mean time per request, flat, N = 1,000, SVG](charts/e2e-flat-1000-request-time.svg)
            |
            |![Requests per second, flat, N = 1,000](charts/e2e-flat-1000-throughput.png)
            |
            |[Requests per second, flat, N = 1,000, SVG](charts/e2e-flat-1000-throughput.svg)
            |
            |## Bad requests
            |
            |After the measured requests, each codec and shape got one request of each kind below, with the count and checksum of a good list; the server's status for each (`-`: not sent, the kind does not apply):
            |
            || Codec                   | Shape  | empty | truncated | malformed | wrong-type | wrong-shape | oversized |
            ||:------------------------|:-------|------:|----------:|----------:|-----------:|------------:|----------:|
            || `kotlinx-json`          | `flat` |   400 |       400 |       400 |        400 |         400 |       413 |
            || `kotlinx-json-parallel` | `flat` |   400 |       400 |    200 ⚠️ |        400 |           - |       413 |
            |
            |- 11 bad requests: 1 answered 200, 8 answered 400, 2 answered 413. After each codec and shape's, a good request was answered 200 (2 in all): the server kept serving.
            |- ⚠️ Accepted although bad: `kotlinx-json-parallel` malformed: the body decoded to the very list the headers describe.
            |
            |An example of the server's message for each kind:
            |
            |- `empty`, `kotlinx-json` (100 bytes): 400 `codec kotlinx-json, shape flat: empty`
            |- `truncated`, `kotlinx-json` (100 bytes): 400 `codec kotlinx-json, shape flat: truncated`
            |- `malformed`, `kotlinx-json` (100 bytes): 400 `codec kotlinx-json, shape flat: malformed`
            |- `wrong-type`, `kotlinx-json` (100 bytes): 400 `codec kotlinx-json, shape flat: wrong-type`
            |- `wrong-shape`, `kotlinx-json` (100 bytes): 400 `codec kotlinx-json, shape flat: wrong-shape`
            |- `oversized`, `kotlinx-json` (5,000,001 bytes): 413 `codec kotlinx-json, shape flat: oversized`
            |
            |## Not supported
            |
            || Codec      | Shape    | Why                                       |
            ||:-----------|:---------|:------------------------------------------|
            || `protobuf` | `events` | not supported: no message type for events |
            |
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `the main report's section gives requests per second per mode and links the end-to-end report`() {
        assertThat(E2eSection.render(E2eFixtures.results)).isEqualTo(
            """
            |## End to end over HTTP
            |
            |From the end-to-end run of 2026-11-22T21:00:00Z (Ktor 3.3.2 on Netty, Apache HttpClient (classic) 5.5.1, loopback): requests per second at the largest size of each shape, 500 requests per mode. Times per request, the codec's share of them, the charts and the bad requests are in [e2e-report.md](e2e-report.md).
            |
            || Codec                   | Shape  |     N | 1 thread, new | 1 thread, pooled | 8 threads, new | 8 threads, pooled |
            ||:------------------------|:-------|------:|--------------:|-----------------:|---------------:|------------------:|
            || `kotlinx-json`          | `flat` | 1,000 |           100 |              111 |            200 |               250 |
            || `kotlinx-json-parallel` | `flat` | 1,000 |           125 |              143 |            192 |               222 |
            |
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `the section comes last in the main report when the inputs hold an end-to-end run, and not otherwise`() {
        val without = MarkdownReport.render(ReportInputs(ReportFixtures.results))
        val with = MarkdownReport.render(ReportInputs(ReportFixtures.results, e2e = E2eFixtures.results))

        assertThat(without).doesNotContain("## End to end over HTTP")
        assertThat(with).isEqualTo("$without\n${E2eSection.render(E2eFixtures.results)}")
    }

    @Test
    fun `the results file reads back`() {
        assertThat(E2eResultsJson.decode(E2eResultsJson.encode(E2eFixtures.results))).isEqualTo(E2eFixtures.results)
    }

    @Test
    fun `an end-to-end run writes its files and charts, and leaves a main report written before as it was`(
        @TempDir directory: File,
    ) {
        val files = ReportFiles(directory)
        files.write(ReportFixtures.results)
        val mainReport = files.markdown.readText()

        files.writeE2e(E2eFixtures.results)

        assertThat(files.readE2e()).isEqualTo(E2eFixtures.results)
        assertThat(files.e2eMarkdown.readText()).isEqualTo(E2eReport.render(E2eFixtures.results))
        assertThat(files.markdown.readText()).isEqualTo(mainReport)
        val linked = Regex("""\]\((charts/e2e-[^)]+)\)""").findAll(files.e2eMarkdown.readText()).map {
            it.groupValues[1]
        }.toList()
        assertThat(linked).hasSize(4)
        for (path in linked.filter { it.endsWith(".png") }) {
            val image = ImageIO.read(File(directory, path))
            assertThat(image).describedAs(path).isNotNull()
            assertThat(image.width).isEqualTo(960)
        }
        for (path in linked.filter { it.endsWith(".svg") }) assertThat(File(directory, path)).isNotEmpty()

        // a main report written after it holds the section only when given the run as an input
        files.write(ReportFixtures.results)
        assertThat(files.markdown.readText()).isEqualTo(mainReport)
        files.write(ReportInputs(ReportFixtures.results, e2e = files.readE2e()))
        assertThat(files.markdown.readText())
            .isEqualTo(MarkdownReport.render(ReportInputs(ReportFixtures.results, e2e = E2eFixtures.results)))
    }
}
