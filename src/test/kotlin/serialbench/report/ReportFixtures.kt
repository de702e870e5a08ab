package serialbench.report

import serialbench.measure.BenchmarkResults
import serialbench.measure.Environment
import serialbench.measure.Operation
import serialbench.measure.ResultRow

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

    fun row(codec: String, name: String, operation: Operation, size: Int, meanNanos: Double, payloadBytes: Int) = ResultRow(
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
    )

    val results = BenchmarkResults(
        environment,
        listOf(
            row("kotlinx-json", "kotlinx Json", Operation.SERIALIZE, 10, 20_000.0, 13_460),
            row("kotlinx-json", "kotlinx Json", Operation.DESERIALIZE, 10, 30_000.0, 13_460),
            row("kotlinx-json", "kotlinx Json", Operation.SERIALIZE, 1000, 6_000_000.0, 1_345_992),
            row("kotlinx-json", "kotlinx Json", Operation.DESERIALIZE, 1000, 3_000_000.0, 1_345_992),
            row("kotlinx-json-parallel", "ParallelJson (2 threads)", Operation.SERIALIZE, 10, 21_000.0, 13_460),
            row("kotlinx-json-parallel", "ParallelJson (2 threads)", Operation.DESERIALIZE, 10, 29_000.0, 13_460),
            row("kotlinx-json-parallel", "ParallelJson (2 threads)", Operation.SERIALIZE, 1000, 3_000_000.0, 1_345_992),
            row("kotlinx-json-parallel", "ParallelJson (2 threads)", Operation.DESERIALIZE, 1000, 1_500_000.0, 1_345_992),
        ),
    )
}
