package serialbench.run

/**
 * The names and bounds of the end-to-end HTTP run's properties (module `e2e-http`, `HttpConfig`), declared here
 * so that the registry of every option ([OptionCatalog]) knows them without depending on that module.
 */
object HttpOptions {
    const val THREADS = "bench.http.threads"
    const val SIZES = "bench.http.sizes"
    const val WARMUP = "bench.http.warmup"
    const val WARMUP_MILLIS = "bench.http.warmupMillis"
    const val REQUESTS = "bench.http.requests"
    const val MAX_BODY_BYTES = "bench.http.maxBodyBytes"
    const val SHAPES = "bench.http.shapes"

    const val MAX_CLIENT_THREADS = 64
    const val MAX_REQUESTS = 100_000
    const val MAX_WARMUP = 1_000
    const val MAX_WARMUP_MILLIS = 600_000

    /** Largest body a server reads into one array. */
    const val MAX_BODY_LIMIT_BYTES = Int.MAX_VALUE - 8
}
