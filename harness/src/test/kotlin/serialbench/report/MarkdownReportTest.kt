package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.DataChange
import serialbench.results.FileOutline
import serialbench.results.ForkMachine
import serialbench.results.JsonTopLevel
import serialbench.results.Operation
import serialbench.results.ShapeInfo
import serialbench.results.UnsupportedCell

@Order(TestOrder.UNIT)
class MarkdownReportTest {
    @Test
    fun `renders every section, from the environment to the comparison with a previous run`() {
        val previous = ReportFixtures.results.copy(
            results = ReportFixtures.results.results.map { it.copy(meanNanos = it.meanNanos * 0.9) },
        )
        assertThat(MarkdownReport.render(ReportFixtures.results, ReportFixtures.jmh, previous)).isEqualTo(
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
            |- Shape `flat`: `TestObject(name: String, value: Int, items: List<String>)`, generated from seed 7; sizes (elements per list): 10, 1,000.
            |- Each codec ran in a JVM of its own (a fork, as JMH's). Errors and verdicts see the spread within that JVM, not the spread from one JVM to the next, which can be larger (`-Dbench.forks=2` or more measures it).
            |- Each codec first runs for 2000 ms on up to 1,000 elements of each shape. Then, shape by shape and size by size, each operation is warmed up (at least 10 calls and 500 ms, discarded) and timed over 100 repetitions; a repetition serializes the whole list to one payload, or deserializes that payload back to the list. Every result goes to a blackhole.
            |- A full GC runs between each warm-up and its timed repetitions, so no earlier garbage is collected during them; collections during the timed repetitions are counted in GC.
            |- Each timed repetition made one call.
            |- Outliers (outside Tukey's fences, 1.5 IQR beyond the quartiles) are counted in the per-codec tables and kept in every statistic. Drift there is the median of the second half of the repetitions over the first half's, minus 1: near 0 at steady state. A series whose drift is -5.0% or less was still warming up: it is discarded and measured again, up to 2 times ("discarded" in the Drift column).
            |- Error is half the 99.9% confidence interval of the mean; ratios are taken against `kotlinx-json`.
            |
            |## Summary by size
            |
            |Mean, Error, StdDev, Median, Min and Max are times per operation (the whole list); Error is half the 99.9% confidence interval of the mean. Ratio is the mean of the ratios of every repetition to every repetition of `kotlinx-json` (below 1.00 is faster), RatioSD their standard deviation. Allocated is heap allocated per operation by all threads; GC counts the collections during the timed repetitions, with their collection time as the JVM's GC MXBeans report it.
            |
            |### N = 10
            |
            || Codec                   | Operation   |     Mean |   Error |  StdDev |   Median |      Min |      Max | Ratio | RatioSD | Allocated |  GC |  Payload |     Gzip |
            ||:------------------------|:------------|---------:|--------:|--------:|---------:|---------:|---------:|------:|--------:|----------:|----:|---------:|---------:|
            || `kotlinx-json`          | serialize   | 20.00 us | 0.20 us | 0.00 us | 20.00 us | 20.00 us | 20.00 us |  1.00 |    0.05 |  39.4 KiB |   0 | 13.1 KiB | 4.38 KiB |
            || `kotlinx-json-parallel` | serialize   | 21.00 us | 0.21 us | 0.00 us | 21.00 us | 21.00 us | 21.00 us |  1.06 |    0.05 |  39.4 KiB |   0 | 13.1 KiB | 4.38 KiB |
            || `kotlinx-json`          | deserialize | 30.00 us | 0.30 us | 0.00 us | 30.00 us | 30.00 us | 30.00 us |  1.00 |    0.05 |  39.4 KiB |   0 | 13.1 KiB | 4.38 KiB |
            || `kotlinx-json-parallel` | deserialize | 29.00 us | 0.29 us | 0.00 us | 29.00 us | 29.00 us | 29.00 us |  0.97 |    0.05 |  39.4 KiB |   0 | 13.1 KiB | 4.38 KiB |
            |
            |### N = 1,000
            |
            || Codec                   | Operation   |    Mean |   Error |  StdDev |  Median |     Min |     Max | Ratio | RatioSD | Allocated |          GC |  Payload |    Gzip |
            ||:------------------------|:------------|--------:|--------:|--------:|--------:|--------:|--------:|------:|--------:|----------:|------------:|---------:|--------:|
            || `kotlinx-json`          | serialize   | 6.00 ms | 0.06 ms | 0.00 ms | 6.00 ms | 6.00 ms | 6.00 ms |  1.00 |    0.05 |  3.85 MiB | 3 (12.0 ms) | 1.28 MiB | 438 KiB |
            || `kotlinx-json-parallel` | serialize   | 3.00 ms | 0.03 ms | 0.00 ms | 3.00 ms | 3.00 ms | 3.00 ms |  0.51 |    0.05 |  3.85 MiB | 3 (12.0 ms) | 1.28 MiB | 438 KiB |
            || `kotlinx-json`          | deserialize | 3.00 ms | 0.03 ms | 0.00 ms | 3.00 ms | 3.00 ms | 3.00 ms |  1.00 |    0.05 |  3.85 MiB | 3 (12.0 ms) | 1.28 MiB | 438 KiB |
            || `kotlinx-json-parallel` | deserialize | 1.50 ms | 0.02 ms | 0.00 ms | 1.50 ms | 1.50 ms | 1.50 ms |  0.52 |    0.05 |  3.85 MiB | 3 (12.0 ms) | 1.28 MiB | 438 KiB |
            |
            |## Ranking at N = 1,000
            |
            || Rank | Serialization                   | Deserialization                 | Payload                          |
            ||-----:|:--------------------------------|:--------------------------------|:---------------------------------|
            ||    1 | `kotlinx-json-parallel` 3.00 ms | `kotlinx-json-parallel` 1.50 ms | `kotlinx-json` 1.28 MiB          |
            ||    2 | `kotlinx-json` 6.00 ms          | `kotlinx-json` 3.00 ms          | `kotlinx-json-parallel` 1.28 MiB |
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
            ||     N | Multithreaded | Single thread |             Delta | Speedup           |
            ||------:|--------------:|--------------:|------------------:|:------------------|
            ||    10 |       21.0 us |       20.0 us |   1.00 us (+5.0%) | 🔴 0.95x (slower) |
            || 1,000 |       3.00 ms |       6.00 ms | -3.00 ms (-50.0%) | 🟢 2.00x faster   |
            |
            |### Deserialization
            |
            ||     N | Multithreaded | Single thread |             Delta | Speedup         |
            ||------:|--------------:|--------------:|------------------:|:----------------|
            ||    10 |       29.0 us |       30.0 us |  -1.00 us (-3.3%) | 🟢 1.03x faster |
            || 1,000 |       1.50 ms |       3.00 ms | -1.50 ms (-50.0%) | 🟢 2.00x faster |
            |
            |## Conclusion
            |
            |- Serialization: ParallelJson is on average 1.38x as fast as kotlinx Json (geometric mean of the per-size speedups), faster at N = 1,000; slower at N = 10; best 2.00x at N = 1,000.
            |- Deserialization: ParallelJson is on average 1.44x as fast as kotlinx Json (geometric mean of the per-size speedups), faster than kotlinx Json at every size measured; best 2.00x at N = 1,000.
            |- Deserialization gains more from threads (1.44x on average, against 1.38x for serialization; their 99.9% bounds do not overlap).
            |
            |## Charts
            |
            |![Serialization time vs N (log-log)](charts/serialize-time.png)
            |
            |[Serialization time vs N (log-log), SVG](charts/serialize-time.svg)
            |
            |![Deserialization time vs N (log-log)](charts/deserialize-time.png)
            |
            |[Deserialization time vs N (log-log), SVG](charts/deserialize-time.svg)
            |
            |![Parallel speedup vs N](charts/parallel-speedup.png)
            |
            |[Parallel speedup vs N, SVG](charts/parallel-speedup.svg)
            |
            |![Payload per element at N = 1,000](charts/payload-size.png)
            |
            |[Payload per element at N = 1,000, SVG](charts/payload-size.svg)
            |
            |## Payload size
            |
            |Each cell: payload / gzip (payload over gzip size). Gzip is `java.util.zip` at the default level; exact byte counts are in `benchmark-results.json`.
            |
            || Codec                   | Format |                     N = 10 |                 N = 1,000 |
            ||:------------------------|:-------|---------------------------:|--------------------------:|
            || `kotlinx-json`          | JSON   | 13.1 KiB / 4.38 KiB (3.0x) | 1.28 MiB / 438 KiB (3.0x) |
            || `kotlinx-json-parallel` | JSON   | 13.1 KiB / 4.38 KiB (3.0x) | 1.28 MiB / 438 KiB (3.0x) |
            |
            |## Results per codec
            |
            |### kotlinx Json (`kotlinx-json`)
            |
            ||     N | Operation   |      Mean ± Error |  Median |     P90 |     P99 | Outliers |               Drift | Allocated |  Payload |
            ||------:|:------------|------------------:|--------:|--------:|--------:|---------:|--------------------:|----------:|---------:|
            ||    10 | serialize   |  20.0 us ± 200 ns | 20.0 us | 22.0 us | 24.0 us |   2 high |               -1.5% |  39.4 KiB | 13.1 KiB |
            ||    10 | deserialize |  30.0 us ± 300 ns | 30.0 us | 33.0 us | 36.0 us |   2 high | -1.5% (1 discarded) |  39.4 KiB | 13.1 KiB |
            || 1,000 | serialize   | 6.00 ms ± 60.0 us | 6.00 ms | 6.60 ms | 7.20 ms |        0 |               +0.4% |  3.85 MiB | 1.28 MiB |
            || 1,000 | deserialize | 3.00 ms ± 30.0 us | 3.00 ms | 3.30 ms | 3.60 ms |        0 |               +0.4% |  3.85 MiB | 1.28 MiB |
            |
            |### ParallelJson (2 threads) (`kotlinx-json-parallel`)
            |
            ||     N | Operation   |      Mean ± Error |  Median |     P90 |     P99 | Outliers |               Drift | Allocated |  Payload |
            ||------:|:------------|------------------:|--------:|--------:|--------:|---------:|--------------------:|----------:|---------:|
            ||    10 | serialize   |  21.0 us ± 210 ns | 21.0 us | 23.1 us | 25.2 us |   2 high |               -1.5% |  39.4 KiB | 13.1 KiB |
            ||    10 | deserialize |  29.0 us ± 290 ns | 29.0 us | 31.9 us | 34.8 us |   2 high | -1.5% (1 discarded) |  39.4 KiB | 13.1 KiB |
            || 1,000 | serialize   | 3.00 ms ± 30.0 us | 3.00 ms | 3.30 ms | 3.60 ms |        0 |               +0.4% |  3.85 MiB | 1.28 MiB |
            || 1,000 | deserialize | 1.50 ms ± 15.0 us | 1.50 ms | 1.65 ms | 1.80 ms |        0 |               +0.4% |  3.85 MiB | 1.28 MiB |
            |
            |## Cold start
            |
            |Each codec in a JVM of its own (`-Xmx8g -XX:+UseG1GC`), before any warm-up: creating the codec (and its list codec for the shape), then its first serialization and first deserialization of the list. "x warm" is the first call's time over the warm mean at the same size.
            |
            || Codec                   | Shape  |     N |  Create | First serialization | x warm | First deserialization | x warm |
            ||:------------------------|:-------|------:|--------:|--------------------:|-------:|----------------------:|-------:|
            || `kotlinx-json`          | `flat` | 1,000 | 2.00 ms |              150 ms | 25.00x |               90.0 ms | 30.00x |
            || `kotlinx-json-parallel` | `flat` | 1,000 | 9.00 ms |              160 ms | 53.33x |                120 ms | 80.00x |
            |
            |## Harness vs JMH
            |
            |JMH ran the same codec classes (`CodecJmhBenchmark`, mode avgt, 2 fork(s) × 5 measurement iterations, forks with `-Xmx8g -XX:+UseG1GC`) on 2026-11-22T22:00:00Z. Harness / JMH above 1 means the harness measured more time.
            |
            || Codec                   | Operation   |      N |      Harness mean |          JMH avgt | Harness / JMH |
            ||:------------------------|:------------|-------:|------------------:|------------------:|--------------:|
            || `kotlinx-json`          | serialize   |  1,000 | 6.00 ms ± 60.0 us |  5.80 ms ± 120 us |         1.03x |
            || `kotlinx-json-parallel` | deserialize |  1,000 | 1.50 ms ± 15.0 us | 1.60 ms ± 90.0 us |         0.94x |
            || `kotlinx-json`          | serialize   | 10,000 |      not measured |           60.0 ms |             - |
            |
            |## Compared with a previous run
            |
            |Previous run: 2026-11-22T21:00:00Z, Test CPU, JVM flags `-Xmx8g -XX:+UseG1GC`.
            |
            |Change is this run's mean over the previous mean, minus 1. Slower or faster only where the rows differ significantly (Mann-Whitney U test on the repetitions, p < 0.001; where a file does not store them, 99.9% confidence intervals of the mean that do not overlap; p is the Mann-Whitney test's, `-` where the intervals decided) and the change is at least 10% (`bench.baseline.threshold`): 8 slower, 0 faster, 0 significant but below the threshold, 0 the same; rows only in this run: 0, only in the previous run: 0.
            |
            || Codec                   | Operation   |     N |          Previous |          This run | Change |   p | Verdict   |
            ||:------------------------|:------------|------:|------------------:|------------------:|-------:|----:|:----------|
            || `kotlinx-json`          | serialize   |    10 |  18.0 us ± 200 ns |  20.0 us ± 200 ns | +11.1% |   - | 🔴 slower |
            || `kotlinx-json`          | deserialize |    10 |  27.0 us ± 300 ns |  30.0 us ± 300 ns | +11.1% |   - | 🔴 slower |
            || `kotlinx-json`          | serialize   | 1,000 | 5.40 ms ± 60.0 us | 6.00 ms ± 60.0 us | +11.1% |   - | 🔴 slower |
            || `kotlinx-json`          | deserialize | 1,000 | 2.70 ms ± 30.0 us | 3.00 ms ± 30.0 us | +11.1% |   - | 🔴 slower |
            || `kotlinx-json-parallel` | serialize   |    10 |  18.9 us ± 210 ns |  21.0 us ± 210 ns | +11.1% |   - | 🔴 slower |
            || `kotlinx-json-parallel` | deserialize |    10 |  26.1 us ± 290 ns |  29.0 us ± 290 ns | +11.1% |   - | 🔴 slower |
            || `kotlinx-json-parallel` | serialize   | 1,000 | 2.70 ms ± 30.0 us | 3.00 ms ± 30.0 us | +11.1% |   - | 🔴 slower |
            || `kotlinx-json-parallel` | deserialize | 1,000 | 1.35 ms ± 15.0 us | 1.50 ms ± 15.0 us | +11.1% |   - | 🔴 slower |
            |
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `a series measured again after a discarded one is said to have had that one as its warm-up`() {
        val method = ReportFixtures.results.method!!.copy(warmUpBeforeRepeatedSeries = false)
        val report = MarkdownReport.render(ReportFixtures.results.copy(method = method))
        assertThat(report).contains(
            "(\"discarded\" in the Drift column), right after it: the discarded series was the warm-up.",
        )
    }

    @Test
    fun `a run whose timed calls began at a random place in the young generation's cycle says so`() {
        val cycle = "then garbage fills the young generation to a random place in its cycle"
        val method = ReportFixtures.results.method!!.copy(timedCallsAtRandomYoungCycle = true)
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = method))).contains(cycle)
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain(cycle)
    }

    @Test
    fun `forks whose collector placed no series in the young generation's cycle are not said to have`() {
        val cycle = "then garbage fills the young generation to a random place in its cycle"
        val method = ReportFixtures.results.method!!.copy(timedCallsAtRandomYoungCycle = true)
        fun forks(vararg placed: Int) = placed.mapIndexed { i, series ->
            ForkMachine("json", i + 1, 2e6, 2e6, 1_000_000, 0, 0, seriesInYoungCycle = series)
        }
        fun report(vararg placed: Int) =
            MarkdownReport.render(ReportFixtures.results.copy(method = method, forkMachines = forks(*placed)))
        assertThat(report(12, 12)).contains("$cycle, so that").doesNotContain("forks: the others'")
        assertThat(report(0, 0)).doesNotContain(cycle)
        assertThat(report(12, 0)).contains(
            "$cycle (in 1 of 2 forks: the others' collector does not count young collections apart), so that",
        )
    }

    @Test
    fun `a run whose drift also needed a rank test says so, and a file from before it does not`() {
        val method = ReportFixtures.results.method!!.copy(driftAlpha = 0.05)
        val rule = "A series whose drift is -5.0% or less whose second half a one-sided Mann-Whitney U test also " +
            "finds faster (p < 0.05) was still warming up"
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = method))).contains(rule)
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain("Mann-Whitney U test also")
            .contains("A series whose drift is -5.0% or less was still warming up")
    }

    @Test
    fun `a run whose drift also needed compilation in the first half says so, and a file from before it does not`() {
        val method = ReportFixtures.results.method!!.copy(driftAlpha = 0.05, driftNeedsCompilation = true)
        val rule = "also finds faster (p < 0.05) and during whose first half the JIT compiled (a drift without " +
            "compilation is the machine's noise, kept as measured) was still warming up"
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = method))).contains(rule)
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain("the JIT compiled (a drift")
    }

    @Test
    fun `a run with forks says how its repetitions were shared, where the least warm-up ran and what drift dropped`() {
        val method = ReportFixtures.results.method!!.copy(
            forks = 5,
            warmUpEndsWhenSteady = true,
            warmupMillisOncePerCode = true,
            driftDropsHalfSeries = true,
        )
        val row = ReportFixtures.results.results.first().copy(repeatedSeries = 2)
        val report = MarkdownReport.render(ReportFixtures.results.copy(method = method, results = listOf(row)))
        assertThat(report)
            .contains("timed over 100 repetitions (20 in each of 5 forks);")
            .contains("(at least 500 ms at the first size only, whose calls compile the code, then up to 10 calls")
            .contains("its first half is dropped and it goes on from its second half with as many calls again, ")
            .contains("(2 half series dropped)")
    }

    @Test
    fun `a run that measures again a series the JIT compiled through says so, and a file from before it does not`() {
        val method = ReportFixtures.results.method!!.copy(maxCompilingRepeats = 1, driftDropsHalfSeries = true)
        val row = ReportFixtures.results.results.first().copy(repeatedSeries = 1, compilingRepeats = 2)
        val report = MarkdownReport.render(ReportFixtures.results.copy(method = method, results = listOf(row)))
        assertThat(report)
            .contains("- A series during whose timed repetitions the JIT compiled for more than 2% of their time and ")
            .contains("more than 50 ms is measured again after a warm-up, up to 1 time (\"measured again: JIT\" in ")
            .contains("(1 half series dropped, 2 measured again: JIT)")
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain("is measured again after a warm-up")
    }

    @Test
    fun `a run whose later warm-ups ended within the least length says so, and a file from before it does not`() {
        val method = ReportFixtures.results.method!!.copy(
            warmUpEndsWhenSteady = true,
            warmupMillisOncePerCode = true,
        )
        val later = "compile the code (at a later size at most that past its first call), then up to 10 calls"
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = method))).doesNotContain(later)
        val within = method.copy(laterWarmUpWithinMillis = true)
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = within))).contains(later)
    }

    @Test
    fun `a run whose codec warm-up compiled the smallest size too says so, and a file from before it does not`() {
        val before = ReportFixtures.results.method!!.copy(
            warmUpEndsWhenSteady = true,
            warmupMillisOncePerCode = true,
            laterWarmUpWithinMillis = true,
        )
        val now = before.copy(codecWarmUpCompilesSmallest = true)
        val codecWarmUp =
            "first runs for 2000 ms on each shape's smallest size and on up to 1,000 elements, half the " +
                "time each. Then"
        val series = "warmed up (up to 10 calls, fewer once the last two were not 5% faster than the fastest before " +
            "them, for at most 500 ms past the first call, the code compiled by the codec's first run; code that run " +
            "did not reach (an I/O path) for at least 500 ms at its first size, discarded)"
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = now))).contains(codecWarmUp, series)
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = before)))
            .doesNotContain(codecWarmUp).doesNotContain(series)
            .contains("first runs for 2000 ms on up to 1,000 elements of each shape. Then")
            .contains("(at least 500 ms at the first size only, whose calls compile the code (at a later size")
    }

    @Test
    fun `a run whose later warm-ups counted from a plain first call's start says so, and a file from before not`() {
        val before = ReportFixtures.results.method!!.copy(
            warmUpEndsWhenSteady = true,
            warmupMillisOncePerCode = true,
            laterWarmUpWithinMillis = true,
            codecWarmUpCompilesSmallest = true,
        )
        val now = before.copy(laterWarmUpFromPlainCallStart = true)
        val fromStart = "for at most 500 ms past the first call (from its start, where it checked nothing), the code"
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = now))).contains(fromStart)
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = before)))
            .doesNotContain("(from its start, where it checked nothing)")
            .contains("for at most 500 ms past the first call, the code")
    }

    @Test
    fun `a run whose warm-ups waited for the JIT says how long, and a file from before it does not`() {
        val method = ReportFixtures.results.method!!.copy(warmUpEndsWhenSteady = true)
        val wait = "then on while the JIT compilers were still compiling, until they had finished nothing for 100 ms " +
            "(at most 2000 ms more)"
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = method))).doesNotContain("JIT compilers")
        val waited = method.copy(jitQuietMillis = 100, maxJitWaitMillis = 2000)
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = waited))).contains(wait)
    }

    @Test
    fun `a run whose documents waited longer for the JIT says how long`() {
        val method = ReportFixtures.results.method!!.copy(
            warmUpEndsWhenSteady = true,
            jitQuietMillis = 100,
            maxJitWaitMillis = 1000,
            documentMaxJitWaitMillis = 5000,
        )
        assertThat(MarkdownReport.render(ReportFixtures.results.copy(method = method)))
            .contains("(at most 1000 ms more; on a document at most 5000 ms)")
    }

    @Test
    fun `without JMH scores or a previous run those sections are left out`() {
        assertThat(MarkdownReport.render(ReportFixtures.results))
            .doesNotContain("## Harness vs JMH")
            .doesNotContain("## Compared with a previous run")
            .contains(
                "| 1,000 | deserialize | 1.50 ms ± 15.0 us | 1.50 ms | 1.65 ms | 1.80 ms |        0 |               +0.4% |  3.85 MiB | 1.28 MiB |\n\n",
            )
            .endsWith(
                "| `kotlinx-json-parallel` | `flat` | 1,000 | 9.00 ms |              160 ms | 53.33x |                120 ms | 80.00x |\n\n",
            )
    }

    @Test
    fun `rows measured in several JVMs show each fork's mean and the spread between them`() {
        val forked = ReportFixtures.results.results.map {
            if (it.codec == "kotlinx-json" && it.size == 1000 && it.operation == Operation.DESERIALIZE) {
                it.copy(forks = 2, forkMeansNanos = listOf(2_000_000.0, 3_000_000.0))
            } else {
                it
            }
        }
        val report = MarkdownReport.render(ReportFixtures.results.copy(results = forked))
        assertThat(report.substringAfter("## Forks\n"))
            .contains("| `kotlinx-json` | `flat` | 1,000 | deserialize | 2.00 ms, 3.00 ms |         1.50x ⚠️ |\n")
            .doesNotContain("| serialize |")
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain("## Forks")
    }

    @Test
    fun `the test conditions say how errors and verdicts treat forks, and what one JVM cannot see`() {
        fun conditions(method: serialbench.results.RunMethod) = MarkdownReport.render(
            ReportFixtures.results.copy(method = method),
        ).substringAfter("## Test conditions").substringBefore("- Each codec first runs")
        assertThat(conditions(ReportFixtures.method.copy(forks = 3, errorOverForkMeans = true))).contains(
            "- Each codec ran in 3 JVMs of its own (forks, as JMH's), one after the other; " +
                "every statistic pools the repetitions of all forks but the error, which is over the 3 fork means " +
                "(Student's t, 2 degrees of freedom), so it covers the spread between JVMs; faster or slower also " +
                "needs every fork's mean beyond every fork mean of the other row.\n",
        )
        assertThat(conditions(ReportFixtures.method.copy(forks = 3))).contains(
            "pools the repetitions of all forks, the error too (every repetition weighed as independent, which " +
                "understates the spread between JVMs); faster or slower also needs",
        )
        assertThat(conditions(ReportFixtures.method.copy(forks = 0))).contains(
            "(`-Dbench.forks=0`). Errors and verdicts see the spread within that JVM, not the spread from one JVM to " +
                "the next, which can be larger (`-Dbench.forks=2` or more measures it).\n",
        )
    }

    @Test
    fun `a results file from before runs recorded their method renders, and says what it does not know`() {
        assertThat(MarkdownReport.render(ReportFixtures.legacyResults))
            .contains("- Sizes (objects per list): 10, 1,000.\n")
            .contains("This results file does not record how it was made (warm-up rule, drift limit, forks)")
            .contains("## ParallelJson vs Json")
            .contains("Each codec in a JVM of its own (flags not recorded)")
            .doesNotContain("# Shape")
    }

    @Test
    fun `several shapes get a part each, and a codec that cannot carry one shows as not supported with its reason`() {
        val events = ReportFixtures.results.results.map { it.copy(shape = "events") }
            .filter { it.codec == "kotlinx-json" }
        val results = ReportFixtures.results.copy(
            results = ReportFixtures.results.results + events,
            method = ReportFixtures.method.copy(
                shapes = ReportFixtures.method.shapes + ShapeInfo("events", "Nested events", listOf(10, 1000)),
            ),
            unsupported = listOf(
                UnsupportedCell("kotlinx-json-parallel", "ParallelJson", "events", "no reason at all"),
            ),
        )
        val report = MarkdownReport.render(results)
        assertThat(report).contains("# Shape `flat`\n").contains("# Shape `events`\n\nNested events.\n")
        val eventsPart = report.substringAfter("# Shape `events`")
        assertThat(eventsPart)
            .contains("## Not supported\n\n| Codec                   | Shape    | Why                             |\n")
            .contains("| `kotlinx-json-parallel` | `events` | not supported: no reason at all |")
            .contains("![Serialization time vs N (log-log) (events)](charts/events-serialize-time.png)")
        assertThat(report.substringBefore("# Shape `events`")).doesNotContain("## Not supported")
    }

    @Test
    fun `from N = 10,000 on the report names the fastest JSON codec per operation`() {
        val scaled = ReportFixtures.results.copy(
            results = ReportFixtures.results.results.map { it.copy(size = it.size * 10) },
        )
        assertThat(MarkdownReport.render(scaled))
            .contains("- Fastest JSON serialization at N = 10,000: `kotlinx-json-parallel` (3.00 ms).\n")
            .contains("- Fastest JSON deserialization at N = 10,000: `kotlinx-json-parallel` (1.50 ms).\n")
            .doesNotContain("Fastest JSON serialization at N = 100:")
    }

    @Test
    fun `the fastest codec is marked as not significantly faster than the runner-up where their intervals overlap`() {
        val close = ReportFixtures.results.copy(
            results = ReportFixtures.results.results.map { row ->
                if (row.size == 1000 && row.operation == Operation.SERIALIZE) {
                    row.copy(meanNanos = 3_000_000.0 + row.meanNanos / 100, errorNanos = 100_000.0)
                } else {
                    row
                }
            },
        )
        assertThat(MarkdownReport.render(close))
            .contains(
                "- Serialization at N = 1,000: `kotlinx-json-parallel` (3.03 ms), not significantly faster than `kotlinx-json` (3.06 ms).\n",
            )
            .contains("- Deserialization at N = 1,000: `kotlinx-json-parallel` (1.50 ms).\n")
    }

    @Test
    fun `without both JSON codecs the comparison says what it needs`() {
        val onlyJson = ReportFixtures.results.copy(
            results = ReportFixtures.results.results.filter { it.codec == "kotlinx-json" },
        )
        assertThat(MarkdownReport.render(onlyJson))
            .contains("Not measured: this run needs both `kotlinx-json-parallel` and `kotlinx-json`.")
            .doesNotContain("## Conclusion")
    }

    @Test
    fun `a file shape is described from its outline, and each codec says whether it kept the data`() {
        val outline =
            FileOutline(
                "data/orders.json",
                "orders.json",
                1_234_567,
                JsonTopLevel.ARRAY,
                1000,
                4,
                duplicateKeys = 2,
                firstDuplicateKey = "\$[7].id",
            )
        val change = DataChange("\$[3].price", "0.1 became 0.10000000000000001 | \"x\"", 1204)
        val rows = ReportFixtures.results.results.filter { it.size == 1000 }
            .map {
                it.copy(
                    shape = "file:orders.json",
                    dataChange = if (it.codec == "kotlinx-json-parallel") {
                        change
                    } else {
                        null
                    },
                )
            }
        val results = ReportFixtures.results.copy(
            results = rows,
            method = ReportFixtures.method.copy(
                shapes = listOf(ShapeInfo("file:orders.json", "The JSON file `orders.json`", listOf(1000), outline)),
            ),
        )
        val report = MarkdownReport.render(results)
        assertThat(report).contains(
            "## Test conditions\n\n- File `orders.json` (`data/orders.json`, 1.18 MiB): an array of 1,000 " +
                "elements, 4 levels deep, 2 duplicate keys (the first at `$[7].id`; a tree keeps one value " +
                "of each). Tree mode: each JSON codec decodes the file as it is into its library's own tree " +
                "(kotlinx `JsonElement`, Jackson `JsonNode`, Gson `JsonElement`, fastjson2 " +
                "`JSONObject`/`JSONArray`, Moshi and DSL-JSON maps and lists; ParallelJson a `JsonElement` with " +
                "its large arrays and objects split, fastjson2 parallel a top-level array's list of element " +
                "trees) and encodes that tree back; N = 1,000, the elements of the array.\n- Each codec ran in a " +
                "JVM of its own",
        )
        assertThat(report.substringAfter("## Data kept\n\n").substringBefore("## Ranking")).isEqualTo(
            """
            |Each codec's tree of the file, encoded back, compared with the file, both read as JSON: numbers by value (`1.0` equals `1`, `-0.0` does not equal `0`), strings exactly, object members in any order. A codec that changes the data is measured all the same; its times are for what it does to it.
            |
            || Codec                   | Data                                                                                             |
            ||:------------------------|:-------------------------------------------------------------------------------------------------|
            || `kotlinx-json`          | kept                                                                                             |
            || `kotlinx-json-parallel` | changes the data: `$[3].price`: 0.1 became 0.10000000000000001 \| "x" (1,204 differences in all) |
            |
            |
            """.trimMargin(),
        )
        val document = outline.copy(
            topLevel = JsonTopLevel.OBJECT,
            elements = 1,
            depth = 1,
            duplicateKeys = 0,
            byteOrderMark = true,
        )
        assertThat(InputFileSection.condition(ShapeInfo("file:orders.json", "", listOf(1), document), document))
            .startsWith(
                "- File `orders.json` (`data/orders.json`, 1.18 MiB): an object of 1 member, 1 level deep, a UTF-8 byte order mark at its start (skipped). Tree mode: ",
            )
            .endsWith("; N = 1, the document.")
    }
}
