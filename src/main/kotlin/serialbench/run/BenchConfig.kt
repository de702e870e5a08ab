package serialbench.run

import java.io.File
import serialbench.codec.Codecs
import serialbench.codec.KotlinxJsonCodec
import serialbench.data.Shape
import serialbench.data.ShapeOptions
import serialbench.data.Shapes
import serialbench.data.TestDataGenerator
import serialbench.data.UploadGenerator

/**
 * What a benchmark run does, read from `-Dbench.*` system properties. Every value is checked when read: a
 * bad one fails at once with the property, the value and what is allowed.
 */
data class BenchConfig(
    /** `bench.sizes` for every shape; `null` for each shape's own default sizes, see [sizesOf]. */
    val requestedSizes: List<Int>? = null,
    val repetitions: Int = 100,
    val warmup: Int = 10,
    val warmupMillis: Long = 500,
    val threads: Int = Runtime.getRuntime().availableProcessors(),
    val codecs: List<String> = Codecs.ids,
    val seed: Long = TestDataGenerator.DEFAULT_SEED,
    /** `bench.baseline` as given; `null` for the default, see [baseline]. */
    val requestedBaseline: String? = null,
    /** A previous run's `benchmark-results.json` to compare this run with, if any. */
    val baselineResults: File? = null,
    /** Smallest change, in percent of the previous mean, that the comparison with [baselineResults] flags. */
    val baselineThresholdPercent: Double = 10.0,
    /** Shape ids to measure, in order. */
    val shapes: List<String> = listOf(Shapes.FLAT.id),
    /** JVMs per codec: 0 measures every codec in this JVM, N >= 1 in N JVMs of its own each. */
    val forks: Int = DEFAULT_FORKS,
    /** Content bytes of each `upload` record. */
    val uploadBytes: Int = UploadGenerator.DEFAULT_CONTENT_BYTES,
    /** A directory to write the generated data of every shape and size to, as JSON, before anything is timed. */
    val writeData: File? = null,
) {
    init {
        require(codecs.isNotEmpty()) { "no codecs" }
        require(shapes.isNotEmpty()) { "no shapes" }
        require(forks >= 0) { "forks < 0: $forks" }
        require(requestedBaseline == null || requestedBaseline in codecs) {
            "$BASELINE='$requestedBaseline' is not among $CODECS=${codecs.joinToString(",")}"
        }
    }

    /** What ratios are taken against: [requestedBaseline], else `kotlinx-json` if it runs, else the first codec. */
    val baseline: String
        get() = requestedBaseline ?: if (KotlinxJsonCodec.ID in codecs) KotlinxJsonCodec.ID else codecs.first()

    /** The sizes measured for [shape]: `bench.sizes` if given, else the shape's own defaults. */
    fun sizesOf(shape: Shape<*>): List<Int> = requestedSizes ?: shape.defaultSizes

    /** What shapes are made with: [uploadBytes]. */
    val shapeOptions: ShapeOptions get() = ShapeOptions(uploadBytes)

    /** The shapes of [shapes], resolved with [shapeOptions]. */
    val shapeList: List<Shape<*>> get() = shapes.map { Shapes.byId(it, shapeOptions) }

    /** The `bench.*` values in force, for the report header and the forks' command lines. */
    fun asProperties(): Map<String, String> {
        val properties = linkedMapOf(
            SHAPES to shapes.joinToString(","),
            REPETITIONS to repetitions.toString(),
            WARMUP to warmup.toString(),
            WARMUP_MILLIS to warmupMillis.toString(),
            THREADS to threads.toString(),
            CODECS to codecs.joinToString(","),
            SEED to seed.toString(),
            BASELINE to baseline,
            FORKS to forks.toString(),
        )
        if (requestedSizes != null) properties[SIZES] = requestedSizes.joinToString(",")
        if (Shapes.UPLOAD.id in shapes) properties[UPLOAD_BYTES] = uploadBytes.toString()
        if (writeData != null) properties[WRITE_DATA] = writeData.path
        if (baselineResults != null) {
            properties[BASELINE_RESULTS] = baselineResults.path
            properties[BASELINE_THRESHOLD] = baselineThresholdPercent.toString()
        }
        return properties
    }

    companion object {
        const val SIZES = "bench.sizes"
        const val REPETITIONS = "bench.repetitions"
        const val WARMUP = "bench.warmup"
        const val WARMUP_MILLIS = "bench.warmupMillis"
        const val THREADS = "bench.threads"
        const val CODECS = "bench.codecs"
        const val SEED = "bench.seed"
        const val BASELINE = "bench.baseline"
        const val BASELINE_RESULTS = "bench.baseline.results"
        const val BASELINE_THRESHOLD = "bench.baseline.threshold"
        const val SHAPES = "bench.shapes"
        const val FORKS = "bench.forks"
        const val UPLOAD_BYTES = "bench.uploadBytes"
        const val WRITE_DATA = "bench.writeData"

        /** Each codec in one JVM of its own: see the README ("Forks") for the measurement behind it. */
        const val DEFAULT_FORKS = 1

        fun fromSystemProperties(): BenchConfig = from(System::getProperty)

        /** Reads the configuration from [property]; unset (or blank) properties take their defaults. */
        fun from(property: (String) -> String?): BenchConfig {
            val defaults = BenchConfig()
            fun value(name: String): String? = property(name)?.trim()?.takeIf { it.isNotEmpty() }
            val codecs = value(CODECS)?.let { codecIds(it) } ?: defaults.codecs
            val baseline = value(BASELINE)?.also { id ->
                require(id in codecs) {
                    val known = if (id in Codecs.ids) "is not among $CODECS=${codecs.joinToString(",")}" else null
                    "$BASELINE='$id' ${known ?: "is not a codec id"}; allowed: one of ${codecs.joinToString(", ")}"
                }
            }
            val baselineResults = value(BASELINE_RESULTS)?.let(::File)?.also { file ->
                require(file.isFile && file.canRead()) {
                    "$BASELINE_RESULTS='${file.path}': no readable file there (absolute path ${file.absolutePath}); " +
                        "allowed: the benchmark-results.json of an earlier run"
                }
            }
            return BenchConfig(
                requestedSizes = value(SIZES)?.let { positiveInts(SIZES, it) },
                repetitions = value(REPETITIONS)?.let { count(REPETITIONS, it) } ?: defaults.repetitions,
                warmup = value(WARMUP)?.let { count(WARMUP, it) } ?: defaults.warmup,
                warmupMillis = value(WARMUP_MILLIS)?.let { count(WARMUP_MILLIS, it).toLong() } ?: defaults.warmupMillis,
                threads = value(THREADS)?.let { count(THREADS, it) } ?: defaults.threads,
                codecs = codecs,
                seed = value(SEED)?.let { raw ->
                    requireNotNull(raw.toLongOrNull()) { "$SEED='$raw' is not a number; allowed: any 64-bit integer" }
                } ?: defaults.seed,
                requestedBaseline = baseline,
                baselineResults = baselineResults,
                baselineThresholdPercent = value(BASELINE_THRESHOLD)?.let { raw ->
                    val percent = raw.toDoubleOrNull()
                    require(percent != null && percent >= 0 && percent.isFinite()) {
                        "$BASELINE_THRESHOLD='$raw' is not a percentage; allowed: a number >= 0, e.g. 10 for 10%"
                    }
                    percent
                } ?: defaults.baselineThresholdPercent,
                shapes = value(SHAPES)?.let { shapeIds(it) } ?: defaults.shapes,
                forks = value(FORKS)?.let { raw ->
                    val forks = raw.toIntOrNull()
                    require(forks != null && forks >= 0) {
                        "$FORKS='$raw' is not a count; allowed: 0 (every codec in the benchmark's JVM) or a positive integer"
                    }
                    forks
                } ?: defaults.forks,
                uploadBytes = value(UPLOAD_BYTES)?.let { raw ->
                    val bytes = raw.toIntOrNull()
                    require(bytes != null && bytes in 0..UploadGenerator.MAX_CONTENT_BYTES) {
                        "$UPLOAD_BYTES='$raw' is not a byte count in range; allowed: 0 to ${UploadGenerator.MAX_CONTENT_BYTES} " +
                            "(256 MiB), e.g. ${UploadGenerator.DEFAULT_CONTENT_BYTES} for 256 KiB"
                    }
                    bytes
                } ?: defaults.uploadBytes,
                writeData = value(WRITE_DATA)?.let { writableDirectory(WRITE_DATA, File(it)) },
            )
        }

        /**
         * [directory] if it is a writable directory or could be created as one (its nearest existing ancestor is
         * a writable directory); otherwise fails naming the property, the path and what stands in the way.
         */
        internal fun writableDirectory(name: String, directory: File): File {
            val absolute = directory.absoluteFile
            val problem = when {
                absolute.exists() && !absolute.isDirectory -> "it exists and is not a directory"
                absolute.exists() && !absolute.canWrite() -> "the directory is not writable"
                absolute.exists() -> null
                else -> {
                    val ancestor = generateSequence(absolute.parentFile) { it.parentFile }.firstOrNull { it.exists() }
                    when {
                        ancestor == null -> "no part of the path exists"
                        !ancestor.isDirectory -> "it cannot be created: ${ancestor.path} is not a directory"
                        !ancestor.canWrite() -> "it cannot be created: ${ancestor.path} is not writable"
                        else -> null
                    }
                }
            }
            require(problem == null) {
                "$name='${directory.path}': $problem (absolute path ${absolute.path}); allowed: a writable directory, created if missing"
            }
            return directory
        }

        /** A positive integer from [raw], the value of property [name]. */
        internal fun count(name: String, raw: String): Int = positiveInt(name, raw, raw, "a positive integer")

        internal fun positiveInts(name: String, raw: String): List<Int> =
            raw.split(',').map { positiveInt(name, raw, it.trim(), "comma-separated positive integers, e.g. 10,1000") }

        internal fun positiveInt(name: String, raw: String, item: String, allowed: String): Int {
            val number = item.toIntOrNull()
            require(number != null && number > 0) {
                val what = if (number == null) "'$item' is not a number" else "$number is not positive"
                "$name='$raw': $what; allowed: $allowed"
            }
            return number
        }

        internal fun shapeIds(raw: String): List<String> {
            val ids = raw.split(',').map { it.trim() }
            val unknown = ids.filter { it !in Shapes.ids }
            require(unknown.isEmpty()) {
                "$SHAPES='$raw': unknown shape ${unknown.joinToString(", ") { "'$it'" }}; allowed: ${Shapes.ids.joinToString(", ")}"
            }
            return ids.distinct()
        }

        internal fun codecIds(raw: String, name: String = CODECS): List<String> {
            val ids = raw.split(',').map { it.trim() }
            val unknown = ids.filter { it !in Codecs.ids }
            require(unknown.isEmpty()) {
                "$name='$raw': unknown codec id ${unknown.joinToString(", ") { "'$it'" }}; " +
                    "allowed: ${Codecs.ids.joinToString(", ")}"
            }
            return ids.distinct()
        }
    }
}
