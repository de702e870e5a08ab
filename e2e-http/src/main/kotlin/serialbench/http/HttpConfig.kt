package serialbench.http

import serialbench.codecs.Codecs
import serialbench.config.PropertyReader
import serialbench.data.Shape
import serialbench.data.ShapeOptions
import serialbench.run.BenchConfig
import serialbench.run.BenchProperties
import serialbench.run.HttpOptions
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.upload.UploadGenerator

/**
 * What an end-to-end HTTP run does, read from `-Dbench.http.*` (and the shared `bench.codecs`, `bench.seed`,
 * `bench.threads`, `bench.uploadBytes`) system properties. Every value is checked when read: a bad one fails at once with the
 * property, the value and what is allowed. Counts are bounded ([MAX_CLIENT_THREADS], [MAX_REQUESTS],
 * [MAX_WARMUP]) so that no setting makes a run endless; [refuseWhatCannotFit] refuses sizes the heap cannot hold.
 */
data class HttpConfig(
    val codecs: List<String> = Codecs.ids,
    /** Shape ids, in order: `upload` and `events` where the registry has them, else `flat`. */
    val shapes: List<String> = defaultShapes(),
    /** `bench.http.sizes` for every shape; `null` for each shape's defaults, see [sizesOf]. */
    val requestedSizes: List<Int>? = null,
    /** Client thread counts; each runs once with a new connection per request and once with a pool. */
    val clientThreads: List<Int> = listOf(1, 8),
    /** Discarded requests per client thread before each mode's measured ones. */
    val warmupPerThread: Int = 3,
    /** Before any mode, each codec sends discarded requests on each shape for this long (0: none). */
    val warmupMillis: Long = 1_000,
    /** Measured requests per mode, shared by its client threads. */
    val requests: Int = 500,
    /** `bench.http.maxBodyBytes` as given; `null` for [DEFAULT_BODY_LIMIT_FACTOR] times the largest payload. */
    val requestedMaxBodyBytes: Int? = null,
    val seed: Long = TestDataGenerator.DEFAULT_SEED,
    /** Threads of the parallel codecs (`bench.threads`), on the client and on the server alike. */
    val codecThreads: Int = Runtime.getRuntime().availableProcessors(),
    /** Content bytes of each `upload` record (`bench.uploadBytes`). */
    val uploadBytes: Int = UploadGenerator.DEFAULT_CONTENT_BYTES,
) {
    init {
        require(codecs.isNotEmpty()) { "no codecs" }
        require(shapes.isNotEmpty()) { "no shapes" }
        require(clientThreads.isNotEmpty() && clientThreads.all { it in 1..MAX_CLIENT_THREADS }) {
            "client threads outside 1..$MAX_CLIENT_THREADS: $clientThreads"
        }
        require(requests in 1..MAX_REQUESTS) { "requests outside 1..$MAX_REQUESTS: $requests" }
        require(warmupPerThread in 0..MAX_WARMUP) { "warm-up outside 0..$MAX_WARMUP: $warmupPerThread" }
        require(warmupMillis in 0..MAX_WARMUP_MILLIS) { "warm-up outside 0..$MAX_WARMUP_MILLIS ms: $warmupMillis" }
        require(requestedMaxBodyBytes == null || requestedMaxBodyBytes > 0) { "maxBodyBytes <= 0: $requestedMaxBodyBytes" }
        require(codecThreads > 0) { "codec threads <= 0: $codecThreads" }
        require(uploadBytes in 0..UploadGenerator.MAX_CONTENT_BYTES) { "upload bytes outside 0..${UploadGenerator.MAX_CONTENT_BYTES}: $uploadBytes" }
    }

    /** The shapes of [shapes], made with [uploadBytes]. */
    val shapeList: List<Shape<*>> get() = shapes.map { Shapes.byId(it, ShapeOptions(uploadBytes)) }

    /**
     * The sizes sent for [shape]: `bench.http.sizes` if given, else the smallest of the shape's default sizes
     * and the largest one whose decoded list stays within [DEFAULT_REQUEST_HEAP_BYTES].
     */
    fun sizesOf(shape: Shape<*>): List<Int> {
        requestedSizes?.let { return it }
        val fitting = shape.defaultSizes.filter { it.toLong() * shape.heapBytesPerElement <= DEFAULT_REQUEST_HEAP_BYTES }
        if (fitting.isEmpty()) return listOf(shape.defaultSizes.min())
        return listOf(fitting.min(), fitting.max()).distinct()
    }

    /**
     * Refuses a size whose lists could not all be held at once in [maxHeapBytes]: the client's list, and per
     * client thread a list being decoded on the server, each counted at the shape's heap estimate, within half
     * the heap.
     */
    fun refuseWhatCannotFit(maxHeapBytes: Long) {
        val listsAtOnce = 2L * clientThreads.max() + 1
        for (shape in shapeList) for (size in sizesOf(shape)) {
            val neededBytes = size * shape.heapBytesPerElement * listsAtOnce
            require(neededBytes <= maxHeapBytes / 2) {
                "$SIZES: $size elements of shape ${shape.id} with up to ${clientThreads.max()} client threads need about " +
                    "${neededBytes / MIB} MiB of heap ($listsAtOnce lists of ${shape.heapBytesPerElement} bytes per element), " +
                    "more than half the ${maxHeapBytes / MIB} MiB heap; allowed: at most " +
                    "${maxHeapBytes / 2 / (shape.heapBytesPerElement * listsAtOnce)} elements, or fewer $THREADS, or a larger -Xmx"
            }
        }
    }

    /** The properties in force, for the report header. */
    fun asProperties(): Map<String, String> {
        val properties = linkedMapOf(
            BenchConfig.CODECS to codecs.joinToString(","),
            SHAPES to shapes.joinToString(","),
            THREADS to clientThreads.joinToString(","),
            WARMUP to warmupPerThread.toString(),
            WARMUP_MILLIS to warmupMillis.toString(),
            REQUESTS to requests.toString(),
            BenchConfig.SEED to seed.toString(),
            BenchConfig.THREADS to codecThreads.toString(),
        )
        if (requestedSizes != null) properties[SIZES] = requestedSizes.joinToString(",")
        if (requestedMaxBodyBytes != null) properties[MAX_BODY_BYTES] = requestedMaxBodyBytes.toString()
        if (Shapes.UPLOAD.id in shapes) properties[BenchConfig.UPLOAD_BYTES] = uploadBytes.toString()
        return properties
    }

    companion object {
        const val THREADS = HttpOptions.THREADS
        const val SIZES = HttpOptions.SIZES
        const val WARMUP = HttpOptions.WARMUP
        const val WARMUP_MILLIS = HttpOptions.WARMUP_MILLIS
        const val REQUESTS = HttpOptions.REQUESTS
        const val MAX_BODY_BYTES = HttpOptions.MAX_BODY_BYTES
        const val SHAPES = HttpOptions.SHAPES

        const val MAX_CLIENT_THREADS = HttpOptions.MAX_CLIENT_THREADS
        const val MAX_REQUESTS = HttpOptions.MAX_REQUESTS
        const val MAX_WARMUP = HttpOptions.MAX_WARMUP
        const val MAX_WARMUP_MILLIS = HttpOptions.MAX_WARMUP_MILLIS

        /** Without `bench.http.maxBodyBytes`, the server takes bodies up to this many times the run's largest payload... */
        const val DEFAULT_BODY_LIMIT_FACTOR = 4

        /** ... and at least this many bytes. */
        const val MIN_DEFAULT_BODY_LIMIT_BYTES = 64 * 1024

        /** Largest body a server reads into one array. */
        const val MAX_BODY_LIMIT_BYTES = HttpOptions.MAX_BODY_LIMIT_BYTES

        /**
         * Heap estimate of the largest default size's decoded list: keeps default requests to what one API call
         * carries (up to 50 events, the reference project's largest response; one upload; 100 `flat` objects), so
         * that the default run of every codec, mode and size takes minutes, not an hour.
         */
        const val DEFAULT_REQUEST_HEAP_BYTES = 1L * 1024 * 1024

        /** The shapes an upload run prefers, where the registry has them. */
        val PREFERRED_SHAPES: List<String> = listOf("upload", "events")

        private const val MIB = 1024 * 1024

        fun defaultShapes(): List<String> = PREFERRED_SHAPES.filter { it in Shapes.ids }.ifEmpty { listOf(Shapes.FLAT.id) }

        /** The configuration of this JVM's properties; an unknown `bench.*` name is refused ([BenchProperties]). */
        fun fromSystemProperties(): HttpConfig = from(BenchProperties.ofThisJvmChecked())

        /** Reads the configuration from [property]; unset (or blank) properties take their defaults. */
        fun from(property: (String) -> String?): HttpConfig {
            val defaults = HttpConfig()
            val read = PropertyReader(property)
            return HttpConfig(
                codecs = read.ids(BenchConfig.CODECS, Codecs.ids, "codec id") ?: defaults.codecs,
                shapes = read.ids(SHAPES, Shapes.ids, "shape") ?: defaults.shapes,
                requestedSizes = read.positiveInts(SIZES, BenchConfig.MAX_SIZE),
                clientThreads = read.ints(THREADS, 1..MAX_CLIENT_THREADS, "comma-separated integers from 1 to $MAX_CLIENT_THREADS, e.g. 1,8", repeatsAllowed = true)
                    ?: defaults.clientThreads,
                warmupPerThread = read.int(WARMUP, 0..MAX_WARMUP, "an integer from 0 to $MAX_WARMUP (requests per client thread)")
                    ?: defaults.warmupPerThread,
                warmupMillis = read.int(WARMUP_MILLIS, 0..MAX_WARMUP_MILLIS, "milliseconds from 0 to $MAX_WARMUP_MILLIS")?.toLong()
                    ?: defaults.warmupMillis,
                requests = read.int(REQUESTS, 1..MAX_REQUESTS) ?: defaults.requests,
                requestedMaxBodyBytes = read.int(MAX_BODY_BYTES, 1..MAX_BODY_LIMIT_BYTES, "a number of bytes from 1 to $MAX_BODY_LIMIT_BYTES"),
                seed = read.long(BenchConfig.SEED) ?: defaults.seed,
                codecThreads = read.count(BenchConfig.THREADS, BenchConfig.MAX_THREADS) ?: defaults.codecThreads,
                uploadBytes = read.int(BenchConfig.UPLOAD_BYTES, 0..UploadGenerator.MAX_CONTENT_BYTES, "a byte count from 0 to ${UploadGenerator.MAX_CONTENT_BYTES}")
                    ?: defaults.uploadBytes,
            )
        }
    }
}
