package serialbench.run

import java.io.File
import java.io.IOException
import kotlinx.serialization.SerializationException
import serialbench.codecs.Codecs
import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.config.PropertyReader
import serialbench.data.Shape
import serialbench.data.ShapeOptions
import serialbench.files.Directories
import serialbench.input.InputDocument
import serialbench.parallel.ParallelJson
import serialbench.results.BenchmarkResults
import serialbench.results.IoPath
import serialbench.results.PlausibleResults
import serialbench.results.ResultsJson
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.upload.UploadGenerator

/**
 * What a benchmark run does, read from `-Dbench.*` system properties. Every value is checked when read, before
 * anything runs: a bad one (not a number, out of its bound, given twice in a list, an unknown id, an unreadable
 * previous results file) fails at once with the property, the value and what is allowed; so does a `bench.*`
 * property no feature knows ([BenchProperties]).
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
    /**
     * `bench.baseline.failOn`: the run fails when a row is significantly slower than in [baselineResults] and slower
     * by more than this percent; `null` never fails.
     */
    val baselineFailOnPercent: Double? = null,
    /** Shape ids to measure, in order; none when only [input] is measured. */
    val shapes: List<String> = listOf(Shapes.FLAT.id),
    /** JVMs per codec: 0 measures every codec in this JVM, N >= 1 in N JVMs of its own each. */
    val forks: Int = DEFAULT_FORKS,
    /** Truncations and bit flips per codec and shape in the robustness part of the run; 0 skips it. */
    val robustnessCases: Int = DEFAULT_ROBUSTNESS_CASES,
    /** Content bytes of each `upload` record. */
    val uploadBytes: Int = UploadGenerator.DEFAULT_CONTENT_BYTES,
    /** A directory to write the generated data of every shape and size to, as JSON, before anything is timed. */
    val writeData: File? = null,
    /** `bench.input`: the user's JSON file, measured in tree mode after [shapes]; `null` for none. */
    val input: File? = null,
    /** `bench.streaming`: also decode from a stream, timing the first element beside all of them. */
    val streaming: Boolean = false,
    /** Elements of the bounded-memory decode of `bench.streaming`; 0 leaves it out. */
    val streamingMemorySize: Int = DEFAULT_STREAMING_MEMORY_SIZE,
    /** `-Xmx` of each JVM that runs a bounded-memory decode: smaller than the input it reads. */
    val streamingMemoryHeap: String = DEFAULT_STREAMING_MEMORY_HEAP,
    /** `bench.io`: I/O paths measured beside each codec's natural one, in order; none by default. */
    val io: List<IoPath> = emptyList(),
) {
    init {
        require(codecs.isNotEmpty()) { "no codecs" }
        require(shapes.isNotEmpty() || input != null) { "no shapes and no $INPUT" }
        require(forks >= 0) { "forks < 0: $forks" }
        require(streamingMemorySize >= 0) { "streamingMemorySize < 0: $streamingMemorySize" }
        require(StreamingMemory.HEAP.matches(streamingMemoryHeap)) { "streamingMemoryHeap is not an -Xmx size: $streamingMemoryHeap" }
        require(robustnessCases >= 0) { "robustnessCases < 0: $robustnessCases" }
        require(baselineFailOnPercent == null || baselineResults != null) { "$BASELINE_FAIL_ON without $BASELINE_RESULTS" }
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

    /** The previous run named by `bench.baseline.results`, if any; an unreadable file fails naming the property. */
    fun previousResults(): BenchmarkResults? = baselineResults?.let(::readBaselineResults)

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
            ROBUSTNESS_CASES to robustnessCases.toString(),
        )
        if (shapes.isEmpty()) properties.remove(SHAPES)
        if (input != null) properties[INPUT] = input.path
        if (requestedSizes != null) properties[SIZES] = requestedSizes.joinToString(",")
        if (Shapes.UPLOAD.id in shapes) properties[UPLOAD_BYTES] = uploadBytes.toString()
        if (writeData != null) properties[WRITE_DATA] = writeData.path
        if (io.isNotEmpty()) properties[IO] = io.joinToString(",") { it.id }
        if (streaming) {
            properties[STREAMING] = "true"
            properties[STREAMING_MEMORY_SIZE] = streamingMemorySize.toString()
            properties[STREAMING_MEMORY_HEAP] = streamingMemoryHeap
        }
        if (baselineResults != null) {
            properties[BASELINE_RESULTS] = baselineResults.path
            properties[BASELINE_THRESHOLD] = baselineThresholdPercent.toString()
            baselineFailOnPercent?.let { properties[BASELINE_FAIL_ON] = it.toString() }
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
        const val BASELINE_FAIL_ON = "bench.baseline.failOn"
        const val SHAPES = "bench.shapes"
        const val FORKS = "bench.forks"
        const val ROBUSTNESS_CASES = "bench.robustness.cases"
        const val INPUT = "bench.input"
        const val UPLOAD_BYTES = "bench.uploadBytes"
        const val WRITE_DATA = "bench.writeData"
        const val STREAMING = "bench.streaming"
        const val STREAMING_MEMORY_SIZE = "bench.streaming.memorySize"
        const val STREAMING_MEMORY_HEAP = "bench.streaming.memoryHeap"
        const val IO = "bench.io"

        /** The value of [IO] that selects every path. */
        const val IO_ALL = "all"

        /** Each codec in one JVM of its own: see docs/method.md ("Forks") and docs/measurements/2026-11-23-forks.md for the measurement behind it. */
        const val DEFAULT_FORKS = 1

        /** About 1.3 GB of JSON for the `flat` shape: more than the benchmark JVM's young generation, far more than [DEFAULT_STREAMING_MEMORY_HEAP]. */
        const val DEFAULT_STREAMING_MEMORY_SIZE = 1_000_000
        const val DEFAULT_STREAMING_MEMORY_HEAP = "256m"

        /** Seconds of decoding for all codecs on one shape; every cut of the 3-element `flat` payloads is about 4,000. */
        const val DEFAULT_ROBUSTNESS_CASES = 1_000

        // Bounds: beyond them a run cannot finish in a day or its samples cannot fit a heap.
        const val MAX_SIZE = 10_000_000
        const val MAX_REPETITIONS = 1_000_000
        const val MAX_WARMUP = 1_000_000
        const val MAX_WARMUP_MILLIS = 60_000
        /** The bound ParallelJson puts on its parallelism. */
        const val MAX_THREADS = ParallelJson.MAX_PARALLELISM
        const val MAX_FORKS = 100
        const val MAX_ROBUSTNESS_CASES = 100_000
        /** A row ten times as slow: beyond it the gate could never fire. */
        const val MAX_FAIL_ON_PERCENT = 1_000

        /** The configuration of this JVM's `-Dbench.*` properties; an unknown `bench.*` name is refused. */
        fun fromSystemProperties(): BenchConfig = from(BenchProperties.ofThisJvmChecked())

        /** Reads the configuration from [property]; unset (or blank) properties take their defaults. */
        fun from(property: (String) -> String?): BenchConfig {
            val defaults = BenchConfig()
            val read = PropertyReader(property)
            fun value(name: String): String? = read.value(name)
            val codecs = read.ids(CODECS, Codecs.ids, "codec id") ?: defaults.codecs
            val baseline = value(BASELINE)?.also { id ->
                require(id in codecs) {
                    val known = if (id in Codecs.ids) "is not among $CODECS=${codecs.joinToString(",")}" else null
                    "$BASELINE='$id' ${known ?: "is not a codec id"}; allowed: one of ${codecs.joinToString(", ")}"
                }
            }
            val baselineResults = value(BASELINE_RESULTS)?.let(::File)?.also { file ->
                require(file.isFile && file.canRead()) {
                    "$BASELINE_RESULTS='${file.path}': no readable file there (absolute path ${file.absolutePath}); " +
                        "allowed: $PREVIOUS_RESULTS"
                }
                readBaselineResults(file)
            }
            val input = value(INPUT)?.let(::File)?.also(InputDocument::requireReadableFile)
            return BenchConfig(
                requestedSizes = read.positiveInts(SIZES, MAX_SIZE),
                repetitions = read.count(REPETITIONS, MAX_REPETITIONS) ?: defaults.repetitions,
                warmup = read.count(WARMUP, MAX_WARMUP) ?: defaults.warmup,
                warmupMillis = read.count(WARMUP_MILLIS, MAX_WARMUP_MILLIS)?.toLong() ?: defaults.warmupMillis,
                threads = read.count(THREADS, MAX_THREADS) ?: defaults.threads,
                codecs = codecs,
                seed = read.long(SEED) ?: defaults.seed,
                requestedBaseline = baseline,
                baselineResults = baselineResults,
                baselineThresholdPercent = value(BASELINE_THRESHOLD)?.let { raw ->
                    val percent = raw.toDoubleOrNull()
                    require(percent != null && percent >= 0 && percent.isFinite()) {
                        "$BASELINE_THRESHOLD='$raw' is not a percentage; allowed: a number >= 0, e.g. 10 for 10%"
                    }
                    percent
                } ?: defaults.baselineThresholdPercent,
                baselineFailOnPercent = value(BASELINE_FAIL_ON)?.let { raw -> failOnPercent(raw, baselineResults) },
                // With a file of their own, users measure it alone unless they name built-in shapes too.
                shapes = read.ids(SHAPES, Shapes.ids, "shape") ?: if (input != null) emptyList() else defaults.shapes,
                input = input,
                forks = read.countOrZero(FORKS, MAX_FORKS, "every codec in the benchmark's JVM") ?: defaults.forks,
                robustnessCases = read.countOrZero(ROBUSTNESS_CASES, MAX_ROBUSTNESS_CASES, "no robustness cases") ?: defaults.robustnessCases,
                uploadBytes = read.int(UPLOAD_BYTES, 0..UploadGenerator.MAX_CONTENT_BYTES, UPLOAD_BYTES_ALLOWED) ?: defaults.uploadBytes,
                writeData = value(WRITE_DATA)?.let { writableDirectory(WRITE_DATA, File(it)) },
                streaming = read.boolean(STREAMING) ?: defaults.streaming,
                streamingMemorySize = read.int(STREAMING_MEMORY_SIZE, 0..Int.MAX_VALUE, "0 (no bounded-memory decode) or a positive integer")
                    ?: defaults.streamingMemorySize,
                streamingMemoryHeap = value(STREAMING_MEMORY_HEAP)?.also { raw ->
                    require(StreamingMemory.HEAP.matches(raw)) {
                        "$STREAMING_MEMORY_HEAP='$raw' is not a heap size; allowed: a positive integer followed by k, m or g, as -Xmx takes it (e.g. 256m)"
                    }
                } ?: defaults.streamingMemoryHeap,
                io = value(IO)?.let(::ioPaths) ?: defaults.io,
            )
        }

        /** The percent of `bench.baseline.failOn`, which needs a previous run to compare with. */
        private fun failOnPercent(raw: String, baselineResults: File?): Double {
            val percent = raw.toDoubleOrNull()
            require(percent != null && percent.isFinite() && percent >= 0 && percent <= MAX_FAIL_ON_PERCENT) {
                val what = if (percent == null || !percent.isFinite()) "is not a number" else "is outside 0 to $MAX_FAIL_ON_PERCENT"
                "$BASELINE_FAIL_ON='$raw' $what; allowed: a percentage from 0 to $MAX_FAIL_ON_PERCENT, e.g. 10 to fail " +
                    "the run on a row significantly slower than the previous run by more than 10%"
            }
            require(baselineResults != null) {
                "$BASELINE_FAIL_ON='$raw' needs $BASELINE_RESULTS, the previous run's benchmark-results.json to compare with; " +
                    "allowed: only together with $BASELINE_RESULTS"
            }
            return percent
        }

        /** The paths of a `bench.io` value: path ids, comma-separated, or [IO_ALL]. */
        internal fun ioPaths(raw: String): List<IoPath> {
            if (raw.trim() == IO_ALL) return IoPath.entries
            return PropertyReader.idsIn(IO, raw, IoPath.ids, "I/O path", " (comma-separated) or $IO_ALL").map(IoPath::byId)
        }

        /**
         * [directory] if it is a writable directory or could be created as one (its nearest existing ancestor is
         * a writable directory); otherwise fails naming the property, the path and what stands in the way.
         */
        internal fun writableDirectory(name: String, directory: File): File {
            val problem = Directories.problem(directory)
            require(problem == null) {
                "$name='${directory.path}': $problem (absolute path ${directory.absolutePath}); allowed: a writable directory, created if missing"
            }
            return directory
        }

        private const val UPLOAD_BYTES_ALLOWED =
            "0 to ${UploadGenerator.MAX_CONTENT_BYTES} (256 MiB), e.g. ${UploadGenerator.DEFAULT_CONTENT_BYTES} for 256 KiB"

        private const val PREVIOUS_RESULTS = "the benchmark-results.json of an earlier run"

        private fun readBaselineResults(file: File): BenchmarkResults = try {
            ResultsJson.decode(ResultsJson.text(file.readBytes())).also(PlausibleResults::require)
        } catch (e: SerializationException) {
            throw IllegalArgumentException(
                "$BASELINE_RESULTS='${file.path}': not a results file this version can read: ${e.message}; allowed: $PREVIOUS_RESULTS",
                e,
            )
        } catch (e: IOException) {
            throw IllegalArgumentException("$BASELINE_RESULTS='${file.path}': cannot be read: $e; allowed: $PREVIOUS_RESULTS", e)
        } catch (e: IllegalArgumentException) {
            throw IllegalArgumentException("$BASELINE_RESULTS='${file.path}': ${e.message}", e)
        }
    }
}
