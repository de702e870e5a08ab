package serialbench.results

import kotlinx.serialization.Serializable

/**
 * An end-to-end HTTP run: the contents of `target/e2e-results.json`. It records how it was made ([method],
 * [stack]) so that its report renders from the file alone.
 */
@Serializable
data class E2eResults(
    val environment: Environment,
    val stack: HttpStack,
    val method: E2eMethod,
    val rows: List<E2eRow>,
    /** The bad requests the run sent after the measured ones, and how the server answered each. */
    val refused: List<RefusedRequest> = emptyList(),
    /** Good requests sent right after the bad ones (one per codec and shape), all answered 200. */
    val acceptedAfterRefused: Int = 0,
    val unsupported: List<UnsupportedCell> = emptyList(),
)

/** The server and client, with the versions found on the class path. */
@Serializable
data class HttpStack(
    val server: String,
    val serverVersion: String,
    val engine: String,
    val engineVersion: String,
    val client: String,
    val clientVersion: String,
)

/** How the requests were made. */
@Serializable
data class E2eMethod(
    /** Discarded requests each client thread sends before the measured ones, in every mode. */
    val warmupPerThread: Int,
    /**
     * Before any mode, each codec sent discarded requests on each shape (at its smallest size) for this long,
     * alternating a pooled connection and a new one, so that no mode measures JIT compilation.
     */
    val codecWarmUpMillis: Long,
    /** Measured requests per mode, shared by its client threads. */
    val requests: Int,
    /** Client thread counts, each run with and without connection reuse. */
    val threads: List<Int>,
    /** The pool of the pooled modes: connections in all, and per route (one route here: the server). */
    val poolMaxTotal: Int,
    val poolMaxPerRoute: Int,
    /** Largest request body the server reads; larger ones are refused with 413. */
    val maxBodyBytes: Int,
    val seed: Long,
    /** Threads of the parallel codecs, on each side. */
    val codecThreads: Int,
    val shapes: List<ShapeInfo>,
    /** Multithreaded codecs and the single-threaded engine each is compared with. */
    val parallelPairs: List<CodecPair>,
)

/** One bad request of the run: what was wrong with it, and the server's status and message. */
@Serializable
data class RefusedRequest(
    val codec: String,
    val shape: String,
    /** What was wrong: `empty`, `truncated`, `malformed`, `wrong-type`, `wrong-shape`, `oversized`. */
    val kind: String,
    val bodyBytes: Int,
    val status: Int,
    val message: String,
)
