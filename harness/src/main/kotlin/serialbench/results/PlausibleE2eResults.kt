package serialbench.results

import serialbench.results.PlausibleResults.atLeast
import serialbench.results.PlausibleResults.between
import serialbench.results.PlausibleResults.measured
import serialbench.results.PlausibleResults.notNegative

/**
 * Refuses an end-to-end run no run can produce ([E2eResults], `e2e-results.json`), before a report draws it. The
 * method's measured requests and each of its client thread counts are at least 1; the file holds at least one row (a
 * run where no codec carries any shape fails instead of writing one); for every row:
 * - the mean and median at least 1 ns and finite, the minimum at least 0, `minNanos <= maxNanos` and the mean, median
 *   and p99 within them;
 * - errors, spreads and the codec's encoding and decoding times finite and non-negative;
 * - `size`, `threads`, `requests` and the wall time at least 1, warm-up requests, body bytes and connections opened
 *   not negative; requests per second finite and positive, megabytes per second finite and non-negative;
 * - at most one row per codec, shape, size, client threads and pooling (the mode a chart draws once).
 */
object PlausibleE2eResults {
    /** @throws IllegalArgumentException naming the method's field, or the first bad row's index, the row and field. */
    fun require(results: E2eResults) {
        val method = results.method
        require(method.requests >= 1) { "method.requests = ${method.requests}; allowed: at least 1" }
        method.threads.firstOrNull { it < 1 }?.let { threads ->
            throw IllegalArgumentException("method.threads holds $threads; allowed: client thread counts of at least 1")
        }
        require(results.rows.isNotEmpty()) {
            "rows is empty: the file holds no measured mode; allowed: one or more rows"
        }
        val seen = HashMap<List<Any?>, String>()
        PlausibleResults.requireEach("rows", results.rows, seen, ::key, ::describe) { row ->
            problem(row)
                ?: seen[key(row)]?.let { "the same row as $it (one row per codec, shape, size, threads and pooling)" }
        }
    }

    private fun key(row: E2eRow): List<Any?> = listOf(row.codec, row.shape, row.size, row.threads, row.pooled)

    /** The codec, shape, size and mode of [row]. */
    fun describe(row: E2eRow): String = "${row.codec}, shape ${row.shape}, N = ${row.size}, " +
        "${row.threads} thread${if (row.threads == 1) "" else "s"}, ${if (row.pooled) "pooled" else "new connections"}"

    private fun problem(row: E2eRow): String? = measured("meanNanos", row.meanNanos)
        ?: measured("medianNanos", row.medianNanos)
        ?: atLeast("minNanos", row.minNanos, 0)
        ?: PlausibleResults.maxBelowMin(row.minNanos, row.maxNanos)
        ?: between("meanNanos", row.meanNanos, row.minNanos, row.maxNanos)
        ?: between("medianNanos", row.medianNanos, row.minNanos, row.maxNanos)
        ?: between("p99Nanos", row.p99Nanos, row.minNanos, row.maxNanos)
        ?: notNegative("errorNanos", row.errorNanos)
        ?: notNegative("stdDevNanos", row.stdDevNanos)
        ?: notNegative("clientEncodeMeanNanos", row.clientEncodeMeanNanos)
        ?: notNegative("serverDecodeMeanNanos", row.serverDecodeMeanNanos)
        ?: atLeast("size", row.size.toLong(), 1)
        ?: atLeast("threads", row.threads.toLong(), 1)
        ?: atLeast("requests", row.requests.toLong(), 1)
        ?: atLeast("warmupRequests", row.warmupRequests.toLong(), 0)
        ?: atLeast("totalWallNanos", row.totalWallNanos, 1)
        ?: atLeast("requestBytes", row.requestBytes.toLong(), 0)
        ?: atLeast("connectionsOpened", row.connectionsOpened.toLong(), 0)
        ?: "requestsPerSecond = ${row.requestsPerSecond}; allowed: a positive finite number"
            .takeUnless { row.requestsPerSecond.isFinite() && row.requestsPerSecond > 0 }
        ?: notNegative("megabytesPerSecond", row.megabytesPerSecond)
}
