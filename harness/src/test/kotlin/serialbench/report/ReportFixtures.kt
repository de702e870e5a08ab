package serialbench.report

import serialbench.measure.withTimes
import serialbench.results.BenchmarkResults
import serialbench.results.CodecPair
import serialbench.results.ColdStartRow
import serialbench.results.DamagedInput
import serialbench.results.Environment
import serialbench.results.IoPath
import serialbench.results.JmhResults
import serialbench.results.JmhScore
import serialbench.results.Operation
import serialbench.results.ResultRow
import serialbench.results.RobustnessResults
import serialbench.results.RobustnessRow
import serialbench.results.RunMethod
import serialbench.results.ShapeInfo
import serialbench.results.StreamingMemoryRow

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

    /**
     * [row] with stored repetitions [durationsNanos] and every figure computed from them, as a run writes it, so that
     * verdicts can test the repetitions.
     */
    fun sampled(row: ResultRow, durationsNanos: List<Long>): ResultRow {
        val stats = serialbench.statistics.Statistics.of(durationsNanos.toLongArray())
        return row.withTimes(stats).copy(durationsNanos = listOf(durationsNanos))
    }

    /**
     * [row] measured in one JVM per entry of [forkMeansNanos]: 20 repetitions in each, within 1% of that fork's mean,
     * pooled as a run pools its forks (every figure over all repetitions, the error over the fork means).
     */
    fun forked(row: ResultRow, forkMeansNanos: List<Long>): ResultRow {
        val forks = forkMeansNanos.map { mean -> (0 until 20).map { mean - mean / 100 + (it * 7 % 20) * mean / 1000 } }
        val stats = serialbench.statistics.Statistics.of(forks.flatten().toLongArray())
        val means = forks.map { it.average() }
        return row.withTimes(stats).copy(
            forks = forks.size,
            forkMeansNanos = means,
            durationsNanos = forks,
            errorNanos = serialbench.statistics.Statistics.errorOfMean(means),
        )
    }

    /** 20 repetitions around [centreNanos], spread +-10% in a fixed order. */
    fun spread(centreNanos: Long): List<Long> = (0 until 20).map {
        centreNanos - centreNanos / 10 +
            (it * 7 % 20) * centreNanos / 100
    }

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
        shapes = listOf(
            ShapeInfo("flat", "`TestObject(name: String, value: Int, items: List<String>)`", listOf(10, 1000)),
        ),
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
            row(
                "kotlinx-json-parallel",
                "ParallelJson (2 threads)",
                Operation.SERIALIZE,
                10,
                21_000.0,
                13_460,
                ratio = 1.06,
            ),
            row(
                "kotlinx-json-parallel",
                "ParallelJson (2 threads)",
                Operation.DESERIALIZE,
                10,
                29_000.0,
                13_460,
                ratio = 0.97,
            ),
            row(
                "kotlinx-json-parallel",
                "ParallelJson (2 threads)",
                Operation.SERIALIZE,
                1000,
                3_000_000.0,
                1_345_992,
                ratio = 0.51,
            ),
            row(
                "kotlinx-json-parallel",
                "ParallelJson (2 threads)",
                Operation.DESERIALIZE,
                1000,
                1_500_000.0,
                1_345_992,
                ratio = 0.52,
            ),
        ),
        coldStart = listOf(
            ColdStartRow("kotlinx-json", "kotlinx Json", "flat", 1000, 2_000_000, 150_000_000, 90_000_000),
            ColdStartRow(
                "kotlinx-json-parallel",
                "ParallelJson (2 threads)",
                "flat",
                1000,
                9_000_000,
                160_000_000,
                120_000_000,
            ),
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

    /** A decode from a stream: [firstNanos] to the first element, [meanNanos] to all, error 1% of each. */
    fun streamingRow(
        codec: String,
        decoder: String,
        size: Int,
        firstNanos: Double,
        meanNanos: Double,
        adapted: Boolean = false,
    ) = row(codec, codec, Operation.DESERIALIZE, size, meanNanos, size * 1346).copy(
        io = IoPath.STREAM,
        decoder = decoder,
        firstElementNanos = firstNanos,
        firstElementMedianNanos = firstNanos,
        firstElementErrorNanos = firstNanos / 100,
        adapted = adapted,
    )

    val streaming = listOf(
        streamingRow("kotlinx-json", "mapper", 10, 29_000.0, 30_000.0),
        streamingRow("kotlinx-json", "sequence", 10, 8_000.0, 40_000.0),
        streamingRow("jackson", "mapper", 10, 24_000.0, 25_000.0),
        streamingRow("jackson", "token-loop", 10, 4_000.0, 20_000.0),
        streamingRow("kotlinx-json", "mapper", 1000, 2_990_000.0, 3_000_000.0),
        streamingRow("kotlinx-json", "sequence", 1000, 9_000.0, 4_500_000.0),
        streamingRow("jackson", "mapper", 1000, 2_400_000.0, 2_410_000.0),
        streamingRow("jackson", "token-loop", 1000, 5_000.0, 1_205_000.0),
        streamingRow("kotlinx-json-parallel", "mapper", 1000, 1_600_000.0, 1_610_000.0, adapted = true),
    )

    val streamingMemory = listOf(
        StreamingMemoryRow(
            codec = "jackson", decoder = "mapper", shape = "flat", size = 1_000_000, inputBytes = 1_346_000_000,
            maxHeapBytes = 256L * 1024 * 1024, source = "streaming-memory-flat-1000000.json",
            jvmFlags = listOf(
                "-Xmx256m",
            ),
            notMeasured = "would not fit the heap: decodes the whole list before handing over its first element",
        ),
        StreamingMemoryRow(
            codec = "jackson", decoder = "token-loop", shape = "flat", size = 1_000_000, inputBytes = 1_346_000_000,
            maxHeapBytes = 256L * 1024 * 1024, source = "streaming-memory-flat-1000000.json",
            jvmFlags = listOf(
                "-Xmx256m",
            ),
            elements = 1_000_000, elapsedNanos = 6_500_000_000, heapBeforeBytes = 12L * 1024 * 1024,
            peakHeapAfterGcBytes = 14L * 1024 * 1024, gcCount = 230,
        ),
    )

    /** A robustness part with every kind of row: all refused, silent corruption, hangs with cases not run. */
    val robustness = RobustnessResults(
        elements = 3,
        seed = 7,
        casesPerInput = 1000,
        randomPayloads = 16,
        caseTimeoutMillis = 5000,
        maxHangs = 2,
        maxBytesPerInput = 128L * 1024 * 1024,
        rows = listOf(
            RobustnessRow("kotlinx-json", "flat", DamagedInput.TRUNCATED, 1000, 1000, 0, 0, 0, 0, 0, 0, 0),
            RobustnessRow(
                "gson", "flat", DamagedInput.BIT_FLIPPED, 1000, 179, 0, 812, 0, 9, 0, 0, 0,
                examples = listOf(
                    "bit 6 of byte 6 of 4,038: broken element",
                    "bit 6 of byte 9 of 4,038: different list",
                ),
            ),
            RobustnessRow(
                "fory", "flat", DamagedInput.FOREIGN, 20, 18, 0, 0, 0, 0, 2, 0, 0, notRun = 9,
                examples = listOf("17 random bytes: hang", "30 random bytes: hang"),
            ),
            RobustnessRow(
                "moshi", "flat", DamagedInput.BIT_FLIPPED, 1000, 250, 0, 750, 0, 0, 0, 0, 0,
                examples = listOf("bit 4 of byte 10 of 4,038: different list"),
            ),
        ),
    )
}
