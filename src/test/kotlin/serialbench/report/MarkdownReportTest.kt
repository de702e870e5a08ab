package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class MarkdownReportTest {
    @Test
    fun `renders environment, conditions, per-codec tables, comparison and conclusion`() {
        assertThat(MarkdownReport.render(ReportFixtures.results)).isEqualTo(
            """
            |# Serialization benchmark
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
            || Date | 2026-11-22T21:00:00Z |
            || Properties | `-Dbench.sizes=10,1000` `-Dbench.repetitions=100` `-Dbench.warmup=10` `-Dbench.warmupMillis=500` `-Dbench.threads=2` `-Dbench.codecs=kotlinx-json,kotlinx-json-parallel` `-Dbench.seed=7` |
            |
            |## Test conditions
            |
            |- Object: `TestObject(name: String, value: Int, items: List<String>)` with a 5-character name, a random Int and 100 items of 10 characters, generated from seed 7.
            |- Sizes (objects per list): 10, 1,000.
            |- Each operation is warmed up (at least 10 calls and 500 ms, discarded), then timed over 100 repetitions; a repetition serializes the whole list to one payload, or deserializes that payload back to the list. Tables give the mean of the repetitions.
            |
            |## Results per codec
            |
            |### kotlinx Json (`kotlinx-json`)
            |
            || N | Serialization mean | Deserialization mean | Payload |
            ||---:|---:|---:|---:|
            || 10 | 20.0 us | 30.0 us | 13.1 KiB |
            || 1,000 | 6.00 ms | 3.00 ms | 1.28 MiB |
            |
            |### ParallelJson (2 threads) (`kotlinx-json-parallel`)
            |
            || N | Serialization mean | Deserialization mean | Payload |
            ||---:|---:|---:|---:|
            || 10 | 21.0 us | 29.0 us | 13.1 KiB |
            || 1,000 | 3.00 ms | 1.50 ms | 1.28 MiB |
            |
            |## All codecs by size
            |
            |Ratio is the codec's mean time divided by `kotlinx-json`'s at the same size: below 1.00 is faster. Gzip is the payload compressed with `java.util.zip` at the default level.
            |
            |### N = 10
            |
            || Codec | Serialization | Ratio | Deserialization | Ratio | Payload | Gzip |
            ||---|---:|---:|---:|---:|---:|---:|
            || `kotlinx-json` | 20.0 us | 1.00 | 30.0 us | 1.00 | 13.1 KiB | 4.38 KiB |
            || `kotlinx-json-parallel` | 21.0 us | 1.05 | 29.0 us | 0.97 | 13.1 KiB | 4.38 KiB |
            |
            |### N = 1,000
            |
            || Codec | Serialization | Ratio | Deserialization | Ratio | Payload | Gzip |
            ||---|---:|---:|---:|---:|---:|---:|
            || `kotlinx-json` | 6.00 ms | 1.00 | 3.00 ms | 1.00 | 1.28 MiB | 438 KiB |
            || `kotlinx-json-parallel` | 3.00 ms | 0.50 | 1.50 ms | 0.50 | 1.28 MiB | 438 KiB |
            |
            |## Ranking at N = 1,000
            |
            || Rank | Serialization | Deserialization | Payload |
            ||---:|---|---|---|
            || 1 | `kotlinx-json-parallel` 3.00 ms | `kotlinx-json-parallel` 1.50 ms | `kotlinx-json` 1.28 MiB |
            || 2 | `kotlinx-json` 6.00 ms | `kotlinx-json` 3.00 ms | `kotlinx-json-parallel` 1.28 MiB |
            |
            |## Fastest
            |
            |- Serialization at N = 1,000: `kotlinx-json-parallel` (3.00 ms).
            |- Deserialization at N = 1,000: `kotlinx-json-parallel` (1.50 ms).
            |- Smallest payload: `kotlinx-json` (1.28 MiB).
            |- Smallest after gzip: `kotlinx-json` (438 KiB).
            |
            |## ParallelJson vs Json
            |
            |Delta is multithreaded minus single thread: negative means ParallelJson took less time.
            |
            |### Serialization
            |
            || N | Multithreaded | Single thread | Delta | Speedup |
            ||---:|---:|---:|---:|:---|
            || 10 | 21.0 us | 20.0 us | 1.00 us (+5.0%) | 🔴 0.95x (slower) |
            || 1,000 | 3.00 ms | 6.00 ms | -3.00 ms (-50.0%) | 🟢 2.00x faster |
            |
            |### Deserialization
            |
            || N | Multithreaded | Single thread | Delta | Speedup |
            ||---:|---:|---:|---:|:---|
            || 10 | 29.0 us | 30.0 us | -1.00 us (-3.3%) | 🟢 1.03x faster |
            || 1,000 | 1.50 ms | 3.00 ms | -1.50 ms (-50.0%) | 🟢 2.00x faster |
            |
            |## Conclusion
            |
            |- Serialization: ParallelJson is on average 1.48x as fast as kotlinx Json (mean of the per-size speedups), faster from N = 1,000 on, slower below; best 2.00x at N = 1,000.
            |- Deserialization: ParallelJson is on average 1.52x as fast as kotlinx Json (mean of the per-size speedups), faster than kotlinx Json at every size measured; best 2.00x at N = 1,000.
            |- Deserialization gains more from threads (1.52x on average, against 1.48x for serialization).
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `from N = 10,000 on the report names the fastest JSON codec per operation`() {
        val scaled = ReportFixtures.results.copy(results = ReportFixtures.results.results.map { it.copy(size = it.size * 10) })
        assertThat(MarkdownReport.render(scaled))
            .contains("- Fastest JSON serialization at N = 10,000: `kotlinx-json-parallel` (3.00 ms).\n")
            .contains("- Fastest JSON deserialization at N = 10,000: `kotlinx-json-parallel` (1.50 ms).\n")
            .doesNotContain("Fastest JSON serialization at N = 100:")
    }

    @Test
    fun `without both JSON codecs the comparison says what it needs`() {
        val onlyJson = ReportFixtures.results.copy(results = ReportFixtures.results.results.filter { it.codec == "kotlinx-json" })
        assertThat(MarkdownReport.render(onlyJson))
            .contains("Not measured: this run needs both `kotlinx-json-parallel` and `kotlinx-json`.")
            .doesNotContain("## Conclusion")
    }
}
