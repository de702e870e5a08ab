package serialbench.measure

import java.io.File
import serialbench.codec.Codecs
import serialbench.codec.KotlinxJsonCodec
import serialbench.data.TestDataGenerator

/**
 * What a benchmark run does, read from `-Dbench.*` system properties. Every value is checked when read: a
 * bad one fails at once with the property, the value and what is allowed.
 */
data class BenchConfig(
    val sizes: List<Int> = DEFAULT_SIZES,
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
) {
    init {
        require(codecs.isNotEmpty()) { "no codecs" }
        require(requestedBaseline == null || requestedBaseline in codecs) {
            "$BASELINE='$requestedBaseline' is not among $CODECS=${codecs.joinToString(",")}"
        }
    }

    /** What ratios are taken against: [requestedBaseline], else `kotlinx-json` if it runs, else the first codec. */
    val baseline: String
        get() = requestedBaseline ?: if (KotlinxJsonCodec.ID in codecs) KotlinxJsonCodec.ID else codecs.first()

    /** The `bench.*` values in force, for the report header. */
    fun asProperties(): Map<String, String> {
        val properties = linkedMapOf(
            SIZES to sizes.joinToString(","),
            REPETITIONS to repetitions.toString(),
            WARMUP to warmup.toString(),
            WARMUP_MILLIS to warmupMillis.toString(),
            THREADS to threads.toString(),
            CODECS to codecs.joinToString(","),
            SEED to seed.toString(),
            BASELINE to baseline,
        )
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

        val DEFAULT_SIZES: List<Int> = listOf(10, 100, 1_000, 10_000, 100_000)

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
                sizes = value(SIZES)?.let { positiveInts(SIZES, it) } ?: defaults.sizes,
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
            )
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
