package serialbench.report

import serialbench.results.CodecPair
import serialbench.results.E2eMethod
import serialbench.results.E2eResults
import serialbench.results.E2eRow
import serialbench.results.HttpStack
import serialbench.results.RefusedRequest
import serialbench.results.ShapeInfo
import serialbench.results.UnsupportedCell

/** A small, fixed end-to-end run for report tests: two codecs, one shape and size, four modes, round figures. */
object E2eFixtures {
    /**
     * A request of [meanMillis] ± [errorMillis], with 500 of them in [wallMillis]; bodies of 1 MB; the codec takes
     * half.
     */
    fun row(
        codec: String,
        threads: Int,
        pooled: Boolean,
        meanMillis: Double,
        errorMillis: Double,
        wallMillis: Long,
    ): E2eRow {
        val meanNanos = meanMillis * 1e6
        val requestsPerSecond = 500 / (wallMillis / 1e3)
        return E2eRow(
            codec = codec,
            codecName = codec,
            format = "JSON",
            shape = "flat",
            size = 1000,
            threads = threads,
            pooled = pooled,
            requests = 500,
            warmupRequests = 3 * threads,
            meanNanos = meanNanos,
            errorNanos = errorMillis * 1e6,
            stdDevNanos = errorMillis * 1e6 * 10,
            minNanos = (meanNanos / 2).toLong(),
            medianNanos = meanNanos * 0.9,
            p99Nanos = meanNanos * 2,
            maxNanos = (meanNanos * 3).toLong(),
            totalWallNanos = wallMillis * 1_000_000,
            requestsPerSecond = requestsPerSecond,
            megabytesPerSecond = requestsPerSecond,
            requestBytes = 1_000_000,
            clientEncodeMeanNanos = meanNanos * 0.2,
            serverDecodeMeanNanos = meanNanos * 0.3,
            connectionsOpened = if (pooled) threads else 500 + 3 * threads,
        )
    }

    val rows = listOf(
        row("kotlinx-json", 1, false, 10.0, 0.1, 5000),
        row("kotlinx-json", 1, true, 9.0, 0.1, 4500),
        row("kotlinx-json", 8, false, 40.0, 1.0, 2500),
        row("kotlinx-json", 8, true, 32.0, 1.0, 2000),
        row("kotlinx-json-parallel", 1, false, 8.0, 0.1, 4000),
        row("kotlinx-json-parallel", 1, true, 7.0, 0.1, 3500),
        row("kotlinx-json-parallel", 8, false, 41.0, 1.0, 2600),
        row("kotlinx-json-parallel", 8, true, 36.0, 1.0, 2250),
    )

    private fun refused(codec: String, kind: String, status: Int = if (kind == "oversized") 413 else 400) =
        RefusedRequest(
            codec,
            "flat",
            kind,
            if (kind == "oversized") {
                5_000_001
            } else {
                100
            },
            status,
            "codec $codec, shape flat: $kind",
        )

    val results = E2eResults(
        environment = ReportFixtures.environment.copy(
            benchProperties = linkedMapOf(
                "bench.codecs" to "kotlinx-json,kotlinx-json-parallel",
                "bench.http.requests" to "500",
            ),
        ),
        stack = HttpStack("Ktor", "3.3.2", "Netty", "4.2.7.Final", "Apache HttpClient (classic)", "5.5.1"),
        method = E2eMethod(
            warmupPerThread = 3,
            codecWarmUpMillis = 1000,
            requests = 500,
            threads = listOf(1, 8),
            poolMaxTotal = 50,
            poolMaxPerRoute = 20,
            maxBodyBytes = 5_000_000,
            seed = 7,
            codecThreads = 2,
            shapes = listOf(ShapeInfo("flat", "`TestObject(name, value, items)`", listOf(1000))),
            parallelPairs = listOf(
                CodecPair("kotlinx-json-parallel", "kotlinx-json"),
                CodecPair("fastjson2-parallel", "fastjson2"),
            ),
        ),
        rows = rows,
        refused = listOf("empty", "truncated", "malformed", "wrong-type", "wrong-shape", "oversized")
            .map { refused("kotlinx-json", it) } +
            listOf("empty", "truncated", "wrong-type", "oversized").map { refused("kotlinx-json-parallel", it) } +
            refused("kotlinx-json-parallel", "malformed", status = 200),
        acceptedAfterRefused = 2,
        unsupported = listOf(UnsupportedCell("protobuf", "protobuf-java", "events", "no message type for events")),
    )
}
