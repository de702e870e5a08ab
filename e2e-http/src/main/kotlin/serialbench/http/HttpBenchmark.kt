package serialbench.http

import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.codecs.Codecs
import serialbench.data.Shape
import serialbench.results.CodecPair
import serialbench.results.E2eMethod
import serialbench.results.E2eResults
import serialbench.results.E2eRow
import serialbench.results.Environment
import serialbench.results.ShapeInfo
import serialbench.results.UnsupportedCell
import serialbench.statistics.Statistics

/**
 * The end-to-end HTTP run as a program: turns an [HttpConfig] into [E2eResults]. Entry points (the `e2e` test)
 * only call [run] and write or check what it returns.
 *
 * It prepares every codec, shape and size (each body checked to decode back to its list), starts an
 * [UploadServer] on loopback with its own instances of the codecs, warms every codec up on every shape
 * ([HttpConfig.warmupMillis] of requests each), and then, shape by shape, size by size and codec by codec, runs
 * each mode: every client thread count of the configuration, first with a new connection per
 * request, then with a pool. Then it sends every [BadBody] for each codec and shape ([BadRequestProbe]). The
 * server is stopped and every codec closed before [run] returns, also when it throws.
 */
class HttpBenchmark(private val config: HttpConfig, private val log: (String) -> Unit = {}) {
    init {
        config.refuseWhatCannotFit(Runtime.getRuntime().maxMemory())
    }

    /** Every mode, in the order run: thread counts as configured, each without then with connection reuse. */
    val modes: List<Pair<Int, Boolean>> = config.clientThreads.flatMap { threads ->
        listOf(
            threads to false,
            threads to true,
        )
    }

    fun run(): E2eResults {
        val shapes = config.shapeList
        val clientCodecs = mutableListOf<Codec>()
        val serverCodecs = mutableListOf<Codec>()
        try {
            config.codecs.forEach { clientCodecs += Codecs.create(it, config.codecThreads) }
            config.codecs.forEach { serverCodecs += Codecs.create(it, config.codecThreads) }
            val unsupported = clientCodecs.flatMap { codec ->
                shapes.mapNotNull { shape ->
                    (codec.support(shape) as? ShapeSupport.Unsupported)?.let {
                        UnsupportedCell(codec.id, codec.displayName, shape.id, it.reason)
                    }
                }
            }
            val uploads = shapes.flatMap { shape ->
                config.sizesOf(shape).flatMap { size ->
                    val elements = shape.generate(config.seed, size)
                    clientCodecs.filter {
                        it.support(shape) is ShapeSupport.Supported
                    }.map { prepare(it, shape, elements) }
                }
            }
            check(uploads.isNotEmpty()) { "no codec of ${config.codecs} carries any shape of ${config.shapes}" }
            val maxBodyBytes = maxBodyBytes(uploads)
            log(
                "server limit $maxBodyBytes bytes per body; ${uploads.size} codec, shape and size combinations x " +
                    "${modes.size} modes",
            )
            return UploadServer.start(UploadEndpoint(serverCodecs, shapes, maxBodyBytes)).use { server ->
                log("server listening on ${server.baseUri}")
                val smallest = uploads.groupBy {
                    it.codec.id to it.shape.id
                }.values.map { group -> group.minBy { it.elements.size } }
                if (config.warmupMillis > 0) smallest.forEach { warmUp(server, it) }
                val rows = uploads.flatMap { upload ->
                    modes.map { (threads, pooled) -> measure(server, upload, threads, pooled) }
                }
                val probe = BadRequestProbe(server, smallest).run()
                log(
                    "bad requests: ${probe.refused.size} sent, answered ${probe.refused.groupingBy {
                        it.status
                    }.eachCount().toSortedMap()}",
                )
                E2eResults(
                    environment = Environment.capture(config.codecThreads, config.inForce()),
                    stack = HttpStackInfo.capture(),
                    method = method(maxBodyBytes),
                    rows = rows,
                    refused = probe.refused,
                    acceptedAfterRefused = probe.acceptedAfter,
                    unsupported = unsupported,
                )
            }
        } finally {
            (clientCodecs + serverCodecs).forEach { it.close() }
        }
    }

    /** Sends [upload] for [HttpConfig.warmupMillis], a pooled connection and a new one in turn; nothing is kept. */
    private fun warmUp(server: UploadServer, upload: PreparedUpload<*>) {
        log("warming up $upload for ${config.warmupMillis} ms")
        UploadClient(server.baseUri, pooled = true).use { pooled ->
            UploadClient(server.baseUri, pooled = false).use { fresh ->
                val deadlineNanos = System.nanoTime() + config.warmupMillis * 1_000_000
                while (System.nanoTime() < deadlineNanos) {
                    upload.send(pooled)
                    upload.send(fresh)
                }
            }
        }
    }

    private fun <T : Any> prepare(codec: Codec, shape: Shape<T>, elements: List<*>): PreparedUpload<T> {
        @Suppress("UNCHECKED_CAST")
        return PreparedUpload(codec, shape, elements as List<T>)
    }

    /** `bench.http.maxBodyBytes`, checked against the largest body; by default a few times the largest body. */
    private fun maxBodyBytes(uploads: List<PreparedUpload<*>>): Int {
        val largest = uploads.maxBy { it.body.size }
        config.requestedMaxBodyBytes?.let { requested ->
            require(requested >= largest.body.size) {
                "${HttpOptions.MAX_BODY_BYTES}='$requested' is smaller than the largest body of this run ($largest: " +
                    "${largest.body.size} bytes); allowed: at least ${largest.body.size}"
            }
            return requested
        }
        val byFactor = largest.body.size.toLong() * HttpConfig.DEFAULT_BODY_LIMIT_FACTOR
        return byFactor.coerceIn(
            HttpConfig.MIN_DEFAULT_BODY_LIMIT_BYTES.toLong(),
            HttpConfig.MAX_BODY_LIMIT_BYTES.toLong(),
        ).toInt()
    }

    private fun measure(server: UploadServer, upload: PreparedUpload<*>, threads: Int, pooled: Boolean): E2eRow {
        val connectionsBefore = server.connectionsAccepted
        val timings = UploadClient(server.baseUri, pooled).use { client ->
            LoadRun(upload, threads, config.warmupPerThread, config.requests).run(client)
        }
        val connectionsOpened = server.connectionsAccepted - connectionsBefore
        val statistics = Statistics.of(timings.requestNanos)
        val wallSeconds = timings.totalWallNanos / 1e9
        val row = E2eRow(
            codec = upload.codec.id,
            codecName = upload.codec.displayName,
            format = upload.codec.format.displayName,
            shape = upload.shape.id,
            size = upload.elements.size,
            threads = threads,
            pooled = pooled,
            requests = config.requests,
            warmupRequests = config.warmupPerThread * threads,
            meanNanos = statistics.meanNanos,
            errorNanos = statistics.errorNanos,
            stdDevNanos = statistics.stdDevNanos,
            minNanos = statistics.minNanos,
            medianNanos = statistics.medianNanos,
            p99Nanos = statistics.p99Nanos,
            maxNanos = statistics.maxNanos,
            totalWallNanos = timings.totalWallNanos,
            requestsPerSecond = config.requests / wallSeconds,
            megabytesPerSecond = config.requests.toDouble() * upload.body.size / 1e6 / wallSeconds,
            requestBytes = upload.body.size,
            clientEncodeMeanNanos = timings.encodeNanos.average(),
            serverDecodeMeanNanos = timings.serverDecodeNanos.average(),
            connectionsOpened = connectionsOpened,
        )
        log(
            "$upload, $threads thread${if (threads == 1) "" else "s"}, " +
                "${if (pooled) "pooled" else "new connections"}: " +
                "mean ${row.meanNanos.toLong() / 1_000} us, ${String.format(
                    java.util.Locale.ROOT,
                    "%.0f",
                    row.requestsPerSecond,
                )} requests/s, " +
                "$connectionsOpened connections",
        )
        return row
    }

    private fun method(maxBodyBytes: Int) = E2eMethod(
        warmupPerThread = config.warmupPerThread,
        codecWarmUpMillis = config.warmupMillis,
        requests = config.requests,
        threads = config.clientThreads,
        poolMaxTotal = UploadClient.POOL_MAX_TOTAL,
        poolMaxPerRoute = UploadClient.POOL_MAX_PER_ROUTE,
        maxBodyBytes = maxBodyBytes,
        seed = config.seed,
        codecThreads = config.codecThreads,
        shapes = config.shapeList.map { ShapeInfo(it.id, it.description, config.sizesOf(it)) },
        parallelPairs = Codecs.parallelPairs.map { (multi, single) -> CodecPair(multi, single) },
    )
}
