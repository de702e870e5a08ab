package serialbench.report

import serialbench.results.BenchmarkResults
import serialbench.results.CodecPair
import serialbench.results.RunMethod
import serialbench.results.ShapeInfo
import serialbench.results.ColdStartRow
import serialbench.results.JmhResults
import serialbench.results.JmhScore
import serialbench.results.Environment
import serialbench.results.Operation
import serialbench.results.ResultRow

/** A small, fixed run for report tests. */
object ReportFixtures {
    val environment = Environment(
        cpuModel = "Test CPU",
        availableProcessors = 2,
        os = "Linux 6.1 (amd64)",
        jvm = "Eclipse Adoptium OpenJDK 64-Bit Server VM 17.0.15",
        maxHeapBytes = 8L * 1024 * 1024 * 1024,
        garbageCollectors = listOf("G1 Young Generation", "G1 Old Generation"),
        jvmFlags = listOf("-Xmx8g", "-XX:+UseG1GC"),
        parallelJsonThreads = 2,
        date = "2026-11-22T21:00:00Z",
        benchProperties = linkedMapOf(
            "bench.sizes" to "10,1000",
            "bench.repetitions" to "100",
            "bench.warmup" to "10",
            "bench.warmupMillis" to "500",
            "bench.threads" to "2",
            "bench.codecs" to "kotlinx-json,kotlinx-json-parallel",
            "bench.seed" to "7",
        ),
    )

    fun row(
        codec: String,
        name: String,
        operation: Operation,
        size: Int,
        meanNanos: Double,
        payloadBytes: Int,
        ratio: Double? = null,
    ) = ResultRow(
        codec = codec,
        codecName = name,
        format = "JSON",
        operation = operation,
        size = size,
        repetitions = 100,
        meanNanos = meanNanos,
        medianNanos = meanNanos,
        minNanos = meanNanos.toLong() - 1,
        maxNanos = meanNanos.toLong() + 1,
        stdDevNanos = 1.0,
        payloadBytes = payloadBytes,
        gzipBytes = payloadBytes / 3,
        errorNanos = meanNanos / 100,
        p90Nanos = meanNanos * 1.1,
        p99Nanos = meanNanos * 1.2,
        highOutliers = if (size == 10) 2 else 0,
        driftPercent = if (size == 10) -1.5 else 0.4,
        repeatedSeries = if (size == 10 && operation == Operation.DESERIALIZE) 1 else 0,
        baseline = ratio?.let { "kotlinx-json" },
        ratio = ratio,
        ratioStdDev = ratio?.let { 0.05 },
        allocatedBytesPerOp = payloadBytes * 3L,
        gcCount = if (size == 1000) 3 else 0,
        gcTimeMillis = if (size == 1000) 12 else 0,
    )

    val method = RunMethod(
        repetitions = 100,
        warmupCalls = 10,
        warmupMillis = 500,
        codecWarmUpMillis = 2000,
        codecWarmUpSize = 1000,
        steadyDriftPercent = 5.0,
        maxRepeatedSeries = 2,
        confidenceLevel = 0.999,
        forks = 1,
        jvmFlags = listOf("-Xmx8g", "-XX:+UseG1GC"),
        coldStartSize = 1000,
        coldStartJvmFlags = listOf("-Xmx8g", "-XX:+UseG1GC"),
        seed = 7,
        threads = 2,
        baseline = "kotlinx-json",
        shapes = listOf(ShapeInfo("flat", "`TestObject(name: String, value: Int, items: List<String>)`", listOf(10, 1000))),
        parallelPairs = CodecPair.LEGACY,
    )

    /** A file as runs wrote it before they recorded their method. */
    val legacyResults = BenchmarkResults(
        environment,
        listOf(
            row("kotlinx-json", "kotlinx Json", Operation.SERIALIZE, 10, 20_000.0, 13_460, ratio = 1.0),
            row("kotlinx-json", "kotlinx Json", Operation.DESERIALIZE, 10, 30_000.0, 13_460, ratio = 1.0),
            row("kotlinx-json", "kotlinx Json", Operation.SERIALIZE, 1000, 6_000_000.0, 1_345_992, ratio = 1.0),
            row("kotlinx-json", "kotlinx Json", Operation.DESERIALIZE, 1000, 3_000_000.0, 1_345_992, ratio = 1.0),
            row("kotlinx-json-parallel", "ParallelJson (2 threads)", Operation.SERIALIZE, 10, 21_000.0, 13_460, ratio = 1.06),
            row("kotlinx-json-parallel", "ParallelJson (2 threads)", Operation.DESERIALIZE, 10, 29_000.0, 13_460, ratio = 0.97),
            row("kotlinx-json-parallel", "ParallelJson (2 threads)", Operation.SERIALIZE, 1000, 3_000_000.0, 1_345_992, ratio = 0.51),
            row("kotlinx-json-parallel", "ParallelJson (2 threads)", Operation.DESERIALIZE, 1000, 1_500_000.0, 1_345_992, ratio = 0.52),
        ),
        coldStart = listOf(
            ColdStartRow("kotlinx-json", "kotlinx Json", "flat", 1000, 2_000_000, 150_000_000, 90_000_000),
            ColdStartRow("kotlinx-json-parallel", "ParallelJson (2 threads)", "flat", 1000, 9_000_000, 160_000_000, 120_000_000),
        ),
    )

    val results = legacyResults.copy(method = method)

    val jmh = JmhResults(
        date = "2026-11-22T22:00:00Z",
        jvmFlags = listOf("-Xmx8g", "-XX:+UseG1GC"),
        scores = listOf(
            JmhScore("kotlinx-json", Operation.SERIALIZE, 1000, 5_800_000.0, 120_000.0, 2, 5),
            JmhScore("kotlinx-json-parallel", Operation.DESERIALIZE, 1000, 1_600_000.0, 90_000.0, 2, 5),
            JmhScore("kotlinx-json", Operation.SERIALIZE, 10000, 60_000_000.0, null, 2, 5),
        ),
    )
}
