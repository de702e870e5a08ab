package serialbench.results

import kotlinx.serialization.Serializable

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
