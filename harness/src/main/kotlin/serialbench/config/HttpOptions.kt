package serialbench.config

import serialbench.run.BenchConfig
import serialbench.run.PropertyGroup

/**
 * The names of the end-to-end HTTP run's properties (module `e2e-http`, `HttpConfig`), declared here so that the
 * registry of every `bench.*` name knows them without depending on that module.
 */
object HttpOptions {
    const val THREADS = "bench.http.threads"
    const val SIZES = "bench.http.sizes"
    const val WARMUP = "bench.http.warmup"
    const val WARMUP_MILLIS = "bench.http.warmupMillis"
    const val REQUESTS = "bench.http.requests"
    const val MAX_BODY_BYTES = "bench.http.maxBodyBytes"
    const val SHAPES = "bench.http.shapes"

    /** Every property an end-to-end run reads, its own and the shared ones. */
    val PROPERTIES = PropertyGroup(
        "HTTP end to end",
        listOf(
            THREADS, SIZES, WARMUP, WARMUP_MILLIS, REQUESTS, MAX_BODY_BYTES, SHAPES,
            BenchConfig.CODECS, BenchConfig.SEED, BenchConfig.THREADS, BenchConfig.UPLOAD_BYTES,
        ),
    )
}
