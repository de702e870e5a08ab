package serialbench.results

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonArray
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put
import kotlinx.serialization.json.putJsonArray
import kotlinx.serialization.json.putJsonObject
import serialbench.statistics.Statistics

/**
 * A run's rows in JMH's own JSON result format (as JMH 1.37 writes with `-rf json`), for the tools that read JMH
 * results: JMH Visualizer, github-action-benchmark, Bencher. One entry per row, named `serialbench.<codec>.<operation>`
 * with `codec`, `shape` and `size` as JMH params, in mode `avgt` and `ns/op`.
 *
 * JMH's iteration is one of our repetitions (one call, timed alone): `rawData` holds each fork's repetitions, the
 * percentiles are computed from them with [Statistics.quantile], the definition of every other output (so the 50, 90
 * and 99 here are the row's median, p90 and p99), and the
 * error is the row's 99.9% half-interval, as JMH's. `warmupIterations`/`warmupTime` are the row's warm-up: at least
 * that many calls and that long. `jmhVersion` is the version of JMH whose format this follows; the figures are the
 * harness's. Rows from files that did not record repetitions get the percentiles they stored and no raw data. Rows
 * that measured allocation carry it as the secondary metric [ALLOCATION], in `B/op`, as JMH's GC profiler writes it.
 */
object JmhFormat {
    /** The version of JMH whose result format this writes. */
    const val JMH_VERSION = "1.37"

    private val json = Json { prettyPrint = true }

    /** The name of JMH's GC profiler's normalized allocation rate, which JMH tools read. */
    const val ALLOCATION = "gc.alloc.rate.norm"

    private val PERCENTILES = listOf(0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0)

    fun render(results: BenchmarkResults): String =
        json.encodeToString(JsonElement.serializer(), JsonArray(results.results.map { entry(results, it) }))

    private fun entry(results: BenchmarkResults, row: ResultRow): JsonObject = buildJsonObject {
        val env = results.environment
        val method = results.method
        put("jmhVersion", JMH_VERSION)
        put("benchmark", "serialbench.${row.codec}.${row.operation.verb}")
        put("mode", "avgt")
        put("threads", 1)
        put("forks", row.forks)
        put("jvm", env.jvmPath)
        putJsonArray("jvmArgs") { (method?.jvmFlags ?: env.jvmFlags).forEach { add(JsonPrimitive(it)) } }
        put("jdkVersion", env.jdkVersion)
        put("vmName", env.vmName)
        put("vmVersion", env.vmVersion)
        put("warmupIterations", method?.warmupCalls ?: 0)
        put("warmupTime", method?.let { "${it.warmupMillis} ms" } ?: "unknown")
        put("warmupBatchSize", 1)
        put("measurementIterations", method?.repetitions ?: row.repetitions)
        put("measurementTime", "single call")
        put("measurementBatchSize", 1)
        putJsonObject("params") {
            put("codec", row.codec)
            put("shape", row.shape)
            put("size", row.size.toString())
        }
        putJsonObject("primaryMetric") {
            put("score", row.meanNanos)
            put("scoreError", number(row.errorNanos ?: Double.NaN))
            putJsonArray("scoreConfidence") {
                val error = row.errorNanos ?: Double.NaN
                add(number(row.meanNanos - error))
                add(number(row.meanNanos + error))
            }
            putJsonObject("scorePercentiles") {
                for ((p, value) in percentiles(row)) put(p.toString(), number(value))
            }
            put("scoreUnit", "ns/op")
            put(
                "rawData",
                buildJsonArray {
                    for (fork in row.durationsNanos) add(JsonArray(fork.map { JsonPrimitive(it.toDouble()) }))
                },
            )
        }
        putJsonObject("secondaryMetrics") {
            row.allocatedBytesPerOp?.let { put(ALLOCATION, allocation(it.toDouble())) }
        }
    }

    /**
     * Bytes allocated per operation as JMH's GC profiler reports them (`-prof gc`): one figure per row, the
     * allocation of all its repetitions over their count, so no spread: the error and interval are NaN, as JMH
     * writes them for a single sample, and every percentile is the figure.
     */
    private fun allocation(bytesPerOp: Double): JsonObject = buildJsonObject {
        put("score", bytesPerOp)
        put("scoreError", number(Double.NaN))
        putJsonArray("scoreConfidence") {
            add(number(Double.NaN))
            add(number(Double.NaN))
        }
        putJsonObject("scorePercentiles") { for (p in PERCENTILES) put(p.toString(), bytesPerOp) }
        put("scoreUnit", "B/op")
        put("rawData", buildJsonArray { add(buildJsonArray { add(JsonPrimitive(bytesPerOp)) }) })
    }

    private fun percentiles(row: ResultRow): List<Pair<Double, Double>> {
        val sorted = row.durationsNanos.flatten().toLongArray().apply { sort() }
        if (sorted.isEmpty()) {
            val stored = mapOf(
                0.0 to row.minNanos.toDouble(),
                50.0 to row.medianNanos,
                90.0 to row.p90Nanos,
                99.0 to row.p99Nanos,
                100.0 to row.maxNanos.toDouble(),
            )
            return PERCENTILES.map { it to (stored[it] ?: Double.NaN) }
        }
        return PERCENTILES.map { p -> p to Statistics.quantile(sorted, p / 100) }
    }

    /** JMH writes NaN and the infinities as the strings `"NaN"`, `"+INF"`, `"-INF"`. */
    private fun number(value: Double): JsonPrimitive = when {
        value.isNaN() -> JsonPrimitive("NaN")
        value == Double.POSITIVE_INFINITY -> JsonPrimitive("+INF")
        value == Double.NEGATIVE_INFINITY -> JsonPrimitive("-INF")
        else -> JsonPrimitive(value)
    }
}
