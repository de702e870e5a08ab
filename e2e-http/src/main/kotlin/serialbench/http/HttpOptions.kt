package serialbench.http

import serialbench.config.OptionGroup
import serialbench.config.Reading
import serialbench.run.BenchOptions
import serialbench.shapes.Shapes

/**
 * The options of the end-to-end HTTP run ([HttpConfig]), each declared once. The run also reads the benchmark's
 * `bench.codecs`, `bench.seed` and `bench.threads` and the shapes' own options; its check of unknown names adds
 * this group to the harness's ([HttpConfig.fromSystemProperties]).
 */
object HttpOptions : OptionGroup(
    "end to end over HTTP (-Dgroups=e2e; also reads bench.codecs, bench.seed, bench.threads and the shapes' options)",
) {
    const val MAX_CLIENT_THREADS = 64
    const val MAX_REQUESTS = 100_000
    const val MAX_WARMUP = 1_000
    const val MAX_WARMUP_MILLIS = 600_000

    /** Largest body a server reads into one array. */
    const val MAX_BODY_LIMIT_BYTES = Int.MAX_VALUE - 8

    /** The shapes an upload run prefers, where the registry has them. */
    val PREFERRED_SHAPES: List<String> = listOf("upload", "events")

    val SHAPES = option(
        "bench.http.shapes",
        PREFERRED_SHAPES.filter { it in Shapes.ids }.ifEmpty { listOf(Shapes.FLAT.id) },
        Reading.ids("shape", "shape ids, comma-separated") { Shapes.ids },
        "the shapes sent",
    )
    val SIZES = option(
        "bench.http.sizes",
        null,
        Reading.positiveInts(BenchOptions.MAX_SIZE).optional(),
        "elements per request body",
        "per shape, what one API call carries",
    )
    val THREADS = option(
        "bench.http.threads",
        listOf(1, 8),
        Reading.ints(
            1..MAX_CLIENT_THREADS,
            "comma-separated integers from 1 to $MAX_CLIENT_THREADS, e.g. 1,8",
            repeatsAllowed = true,
        ),
        "client thread counts; each runs with a new connection per request and with a pool",
    )
    val WARMUP = option(
        "bench.http.warmup",
        3,
        Reading.int(0..MAX_WARMUP, "an integer from 0 to $MAX_WARMUP (requests per client thread)"),
        "discarded requests per client thread before each mode's measured ones",
    )
    val WARMUP_MILLIS = option(
        "bench.http.warmupMillis",
        1_000L,
        Reading.int(0..MAX_WARMUP_MILLIS, "milliseconds from 0 to $MAX_WARMUP_MILLIS")
            .map<Long>({ it.toInt() }) { it.toLong() },
        "discarded requests per codec and shape for this many milliseconds before any mode",
    )
    val REQUESTS = option(
        "bench.http.requests",
        500,
        Reading.int(1..MAX_REQUESTS),
        "measured requests per mode, shared by its client threads",
    )
    val MAX_BODY_BYTES = option(
        "bench.http.maxBodyBytes",
        null,
        Reading.int(1..MAX_BODY_LIMIT_BYTES, "a number of bytes from 1 to $MAX_BODY_LIMIT_BYTES").optional(),
        "largest request body the server reads; larger ones get 413",
        "4 x the run's largest body, at least 64 KiB",
    )
}
