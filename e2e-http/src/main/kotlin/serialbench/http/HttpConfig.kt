package serialbench.http

import serialbench.config.Option
import serialbench.config.OptionValues
import serialbench.data.Shape
import serialbench.run.BenchOptions
import serialbench.run.BenchProperties
import serialbench.shapes.Shapes

/**
 * What an end-to-end HTTP run does: the [values] of its options ([OPTIONS]: [HttpOptions], the benchmark's
 * `bench.codecs`, `bench.seed` and `bench.threads`, and the shapes' own), read from `-Dbench.*` system properties.
 * Every value is checked when read: a bad one fails at once with the property, the value and what is allowed. Counts
 * are bounded so that no setting makes a run endless; [refuseWhatCannotFit] refuses sizes the heap cannot hold.
 */
data class HttpConfig(val values: OptionValues = OptionValues.NONE) {
    val codecs: List<String> get() = this[BenchOptions.CODECS]

    /** Shape ids, in order: `upload` and `events` where the registry has them, else `flat`. */
    val shapes: List<String> get() = this[HttpOptions.SHAPES]

    /** `bench.http.sizes` for every shape; `null` for each shape's defaults, see [sizesOf]. */
    val requestedSizes: List<Int>? get() = this[HttpOptions.SIZES]

    /** Client thread counts; each runs once with a new connection per request and once with a pool. */
    val clientThreads: List<Int> get() = this[HttpOptions.THREADS]

    /** Discarded requests per client thread before each mode's measured ones. */
    val warmupPerThread: Int get() = this[HttpOptions.WARMUP]

    /** Before any mode, each codec sends discarded requests on each shape for this long (0: none). */
    val warmupMillis: Long get() = this[HttpOptions.WARMUP_MILLIS]

    /** Measured requests per mode, shared by its client threads. */
    val requests: Int get() = this[HttpOptions.REQUESTS]

    /** `bench.http.maxBodyBytes` as given; `null` for [DEFAULT_BODY_LIMIT_FACTOR] times the largest payload. */
    val requestedMaxBodyBytes: Int? get() = this[HttpOptions.MAX_BODY_BYTES]
    val seed: Long get() = this[BenchOptions.SEED]

    /** Threads of the parallel codecs (`bench.threads`), on the client and on the server alike. */
    val codecThreads: Int get() = this[BenchOptions.THREADS]

    /** The value of [option] in this run. */
    operator fun <T> get(option: Option<T>): T = values[option]

    /** This configuration with [option] set to [value]. */
    fun <T> with(option: Option<T>, value: T): HttpConfig = HttpConfig(values.with(option, value))

    /** The shapes of [shapes], made with the values of their own options. */
    val shapeList: List<Shape<*>> get() = shapes.map { Shapes.byId(it, values.only(Shapes.options)) }

    /**
     * The sizes sent for [shape]: `bench.http.sizes` if given, else the smallest of the shape's default sizes
     * and the largest one whose decoded list stays within [DEFAULT_REQUEST_HEAP_BYTES].
     */
    fun sizesOf(shape: Shape<*>): List<Int> {
        requestedSizes?.let { return it }
        val fitting = shape.defaultSizes.filter {
            it.toLong() * shape.heapBytesPerElement <= DEFAULT_REQUEST_HEAP_BYTES
        }
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
        for (shape in shapeList) {
            for (size in sizesOf(shape)) {
                val neededBytes = size * shape.heapBytesPerElement * listsAtOnce
                require(neededBytes <= maxHeapBytes / 2) {
                    val most = maxHeapBytes / 2 / (shape.heapBytesPerElement * listsAtOnce)
                    "${HttpOptions.SIZES}: $size elements of shape ${shape.id} " +
                        "with up to ${clientThreads.max()} client " +
                        "threads need about ${neededBytes / MIB} MiB of heap ($listsAtOnce lists of " +
                        "${shape.heapBytesPerElement} bytes per element), " +
                        "more than half the ${maxHeapBytes / MIB} MiB " +
                        "heap; " +
                        "allowed: at most $most elements, or fewer ${HttpOptions.THREADS}, or a larger -Xmx"
                }
            }
        }
    }

    /** The `bench.*` values given (not the defaults), as text [from] reads back. */
    fun asProperties(): Map<String, String> = values.asProperties()

    /** Every option of the run with its value in force, given or default: the report's header. */
    fun inForce(): Map<String, String> = values.inForce(OPTIONS)

    companion object {
        /** Every option an end-to-end run reads. */
        val OPTIONS: List<Option<*>>
            get() = listOf(BenchOptions.CODECS, BenchOptions.SEED, BenchOptions.THREADS) + HttpOptions.options +
                Shapes.options

        /** Without `bench.http.maxBodyBytes`, the server takes bodies up to this many times the largest payload... */
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

        private const val MIB = 1024 * 1024

        /** The configuration of this JVM's properties; a `bench.*` name unknown to the harness and this run fails. */
        fun fromSystemProperties(): HttpConfig = from(BenchProperties.ofThisJvmChecked(listOf(HttpOptions)))

        /** The configuration of [properties] (name to text). */
        fun from(properties: Map<String, String>): HttpConfig = from(properties::get)

        /** Reads the configuration from [property]; unset (or blank) properties take their defaults. */
        fun from(property: (String) -> String?): HttpConfig = HttpConfig(OptionValues.read(OPTIONS, property))
    }
}
