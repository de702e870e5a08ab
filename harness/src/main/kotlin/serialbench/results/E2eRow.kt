package serialbench.results

import kotlinx.serialization.Serializable

/**
 * One codec, shape and size sent over HTTP in one mode ([threads] client threads, connections [pooled] or new
 * for every request): a row of `target/e2e-results.json`. Times are per request, in nanoseconds, from the
 * client's start of encoding to the end of reading the server's answer; [totalWallNanos] runs from the first
 * measured request's start to the last one's end, across all client threads. Fields added later get defaults.
 */
@Serializable
data class E2eRow(
    val codec: String,
    val codecName: String,
    val format: String,
    val shape: String,
    /** Elements per request body. */
    val size: Int,
    /** Client threads sending at once. */
    val threads: Int,
    /** True: a connection pool reuses connections; false: a new connection for every request. */
    val pooled: Boolean,
    /** Measured requests (after the warm-up), over all client threads. */
    val requests: Int,
    /** Discarded requests sent before them, over all client threads. */
    val warmupRequests: Int,
    val meanNanos: Double,
    /** Half the 99.9% confidence interval of the mean; `null` for a single request. */
    val errorNanos: Double?,
    val stdDevNanos: Double,
    val minNanos: Long,
    val medianNanos: Double,
    val p99Nanos: Double,
    val maxNanos: Long,
    val totalWallNanos: Long,
    /** [requests] over [totalWallNanos]. */
    val requestsPerSecond: Double,
    /** Request bodies sent per second, in megabytes of 1,000,000 bytes. */
    val megabytesPerSecond: Double,
    /** Bytes of one request body (the payload on the wire, HTTP headers not counted). */
    val requestBytes: Int,
    /** The client's encoding of the list to the body, mean per request (inside [meanNanos]). */
    val clientEncodeMeanNanos: Double,
    /** The server's decoding of the body to the list, mean per request, as the server timed it and sent it back. */
    val serverDecodeMeanNanos: Double,
    /** TCP connections the server accepted during the warm-up and measured requests of this mode. */
    val connectionsOpened: Int,
) {
    /** The share of a request's mean time spent encoding and decoding: the codec; the rest is HTTP and the checks. */
    val codecShare: Double get() = if (meanNanos > 0) {
        (clientEncodeMeanNanos + serverDecodeMeanNanos) / meanNanos
    } else {
        0.0
    }
}
