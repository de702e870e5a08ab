package serialbench.run

import serialbench.codecs.Codecs
import serialbench.config.OptionGroup
import serialbench.config.Reading
import serialbench.documentset.DocumentSet
import serialbench.files.Directories
import serialbench.input.InputOptions
import serialbench.measure.CodecBenchmark
import serialbench.model.ModelOptions
import serialbench.parallel.ParallelJson
import serialbench.results.IoPath
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import java.io.File

/** The options of the benchmark ([BenchConfig]), each declared once; the shapes' own options are [Shapes.options]. */
object BenchOptions : OptionGroup("benchmark (-Dgroups=perf, or the program's run)") {
    // Bounds: beyond them a run cannot finish in a day or its samples cannot fit a heap.
    const val MAX_SIZE = 10_000_000
    const val MAX_REPETITIONS = 1_000_000
    const val MAX_WARMUP = 1_000_000
    const val MAX_WARMUP_MILLIS = 60_000
    const val MAX_REPETITION_MICROS = 10_000_000

    /** The bound ParallelJson puts on its parallelism. */
    const val MAX_THREADS = ParallelJson.MAX_PARALLELISM
    const val MAX_FORKS = 100

    /**
     * JMH's default, and the fewest forks for which "every fork of one row beyond every fork of the other", the
     * rule of every verdict with forks, happens by chance between equal codecs less than 1 time in 200
     * (1 in C(10, 5) = 252; with 3 forks 1 in 20).
     */
    const val DEFAULT_FORKS = 5
    const val MAX_ROBUSTNESS_CASES = 100_000

    /** A row ten times as slow: beyond it the gate could never fire. */
    const val MAX_FAIL_ON_PERCENT = 1_000

    /** The value of [IO] that selects every path. */
    const val IO_ALL = "all"

    val CODECS = option(
        "bench.codecs",
        Codecs.ids,
        Reading.ids("codec id") { Codecs.ids },
        "the codecs to run",
        "all",
        common = true,
    )
    val SHAPES = option(
        "bench.shapes",
        listOf(Shapes.FLAT.id),
        Reading.ids("shape", "shape ids, comma-separated") { Shapes.ids },
        "the data shapes to measure",
        common = true,
    )
    val SIZES = option(
        "bench.sizes",
        null,
        Reading.positiveInts(MAX_SIZE).optional(),
        "elements per payload, for every shape",
        "each shape's own (flat: ${Shapes.FLAT.defaultSizes.joinToString(",")})",
        common = true,
    )
    val REPETITIONS = option(
        "bench.repetitions",
        100,
        Reading.count(MAX_REPETITIONS),
        "timed repetitions per codec, operation and size",
        common = true,
    )
    val WARMUP = option(
        "bench.warmup",
        10,
        Reading.count(MAX_WARMUP),
        "discarded calls before timing each codec, operation and size, after bench.warmupMillis: this many in all, " +
            "fewer once the last two were not ${CodecBenchmark.STEADY_DRIFT_PERCENT.toInt()}% faster than " +
            "the fastest before them",
    )
    val WARMUP_MILLIS = option(
        "bench.warmupMillis",
        250L,
        Reading.count(MAX_WARMUP_MILLIS).map<Long>({ it.toInt() }) { it.toLong() },
        "each codec first runs ${CodecBenchmark.CODEC_WARM_UP_FACTOR} x this long on each shape's smallest size and " +
            "1,000 objects; then each series, its code compiled by that, warms up until steady, at most this long " +
            "past its first call (code " +
            "not run first, such as a bench.io path, warms up for at least this long at its first size); then any " +
            "warm-up goes on while the JIT compiles, for at most ${CodecBenchmark.JIT_WAIT_FACTOR} x this long " +
            "(${CodecBenchmark.DOCUMENT_JIT_WAIT_FACTOR} x on a document of bench.input or bench.documentSet, which " +
            "is new code)",
    )
    val MIN_REPETITION_MICROS = option(
        "bench.minRepetitionMicros",
        1_000,
        Reading.countOrZero(MAX_REPETITION_MICROS, "one call per repetition"),
        "a timed repetition's least length: calls shorter than it (by the warm-up's last two) are timed several in " +
            "a row, their mean the repetition's time, so that a pause of a millisecond does not outweigh a series " +
            "of calls of microseconds; ${CodecBenchmark.DOCUMENT_REPETITION_FACTOR} x this for a document of " +
            "bench.input, bench.model or bench.documentSet, so that each fork times a small one long enough; " +
            "decodes from a stream (bench.streaming) are timed one call each",
    )

    /**
     * Each codec in [DEFAULT_FORKS] JVMs of its own, the repetitions shared among them: see docs/method.md ("Forks").
     */
    val FORKS = option(
        "bench.forks",
        DEFAULT_FORKS,
        Reading.countOrZero(MAX_FORKS, "every codec in the benchmark's JVM"),
        "JVMs per codec, in rounds (one fork of every codec, then the next), sharing bench.repetitions; 1 for a " +
            "quick run (its errors then miss the spread from one JVM to the next), 0 measures every codec in the " +
            "benchmark's own JVM",
        common = true,
    )
    val THREADS = option(
        "bench.threads",
        Runtime.getRuntime().availableProcessors(),
        Reading.count(MAX_THREADS),
        "threads of the parallel codecs",
        "available processors",
        common = true,
    )
    val SEED = option(
        "bench.seed",
        TestDataGenerator.DEFAULT_SEED,
        Reading.long(),
        "seed of the data generators: the same seed gives the same bytes on every machine",
    )
    val INPUT = include(InputOptions.INPUT)
    val MODEL = include(ModelOptions.MODEL)
    val CLASSPATH = include(ModelOptions.CLASSPATH)
    val IO = option(
        "bench.io",
        emptyList(),
        Reading("string, bytes, stream, file (comma-separated) or $IO_ALL", ::ioText, ::ioPaths),
        "I/O paths measured besides each codec's natural one",
        "none",
        common = true,
    )
    val CEILING = option(
        "bench.ceiling",
        false,
        Reading.boolean(),
        "also time each parallel codec's engine on bench.threads threads at once, one call each: how much more of " +
            "its work the machine does on them than on one, the ceiling of a split (half the time of a run of the " +
            "engines and their parallel codecs)",
    )
    val DOCUMENT_SET = option(
        "bench.documentSet",
        emptyList(),
        Reading("document ids (comma-separated) or $IO_ALL", { it.joinToString(",") }, ::documentIds),
        "also time each parallel codec of bench.codecs and its engine (kotlinx-json-parallel and kotlinx-json, " +
            "fastjson2-parallel and fastjson2) on the generated documents of the set (docs/method.md, \"The " +
            "document set\"), as classes and as trees; the report prints the set's worst ratio. Ids: " +
            DocumentSet.ids.joinToString(", "),
        "none",
    )
    val STREAMING = option(
        "bench.streaming",
        false,
        Reading.boolean(),
        "also decode from a stream (first element and all) and run the bounded-memory decode",
    )

    /** About 1.3 GB of JSON for `flat`: more than the benchmark JVM's young generation, far more than its heap. */
    val STREAMING_MEMORY_SIZE = option(
        "bench.streaming.memorySize",
        1_000_000,
        Reading.int(0..Int.MAX_VALUE, "0 (no bounded-memory decode) or a positive integer"),
        "elements of the bounded-memory decode; 0 leaves it out",
    )
    val STREAMING_MEMORY_HEAP = option(
        "bench.streaming.memoryHeap",
        "256m",
        Reading.text("a heap size as -Xmx takes it", ::requireHeap),
        "-Xmx of each JVM that runs a bounded-memory decode",
    )

    /** Seconds of decoding for all codecs on one shape; every cut of the 3-element `flat` payloads is about 4,000. */
    val ROBUSTNESS_CASES = option(
        "bench.robustness.cases",
        1_000,
        Reading.countOrZero(MAX_ROBUSTNESS_CASES, "no robustness cases"),
        "truncations and bit flips per codec and shape; 0 skips the robustness part",
    )
    val WRITE_DATA = option(
        "bench.writeData",
        null,
        Reading<File>("a writable directory, created if missing", File::getPath) { name, raw ->
            writableDirectory(name, File(raw))
        }.optional(),
        "write the generated data of each shape and size there as <shape>-<size>.json",
    )
    val BASELINE = option(
        "bench.baseline",
        null,
        Reading.text("one of bench.codecs").optional(),
        "the codec every ratio is taken against",
        "kotlinx-json (else the first codec)",
    )
    val BASELINE_RESULTS = option(
        "bench.baseline.results",
        null,
        Reading(PreviousRun.ALLOWED, PreviousRun::toString, PreviousRun.Companion::read).optional(),
        "compare every row with that run",
        allowed = "an earlier run's benchmark-results.json",
    )
    val BASELINE_THRESHOLD = option(
        "bench.baseline.threshold",
        10.0,
        Reading("a number >= 0", parse = ::thresholdPercent),
        "smallest change, in percent, the comparison flags as slower or faster",
        "10",
    )
    val BASELINE_FAIL_ON = option(
        "bench.baseline.failOn",
        null,
        Reading("0 to $MAX_FAIL_ON_PERCENT, with bench.baseline.results", parse = ::failOnPercent).optional(),
        "fail the run when a row is significantly slower and by more than this percentage",
    )

    private fun ioText(paths: List<IoPath>): String = paths.joinToString(",") { it.id }

    /** The paths of a `bench.io` value: path ids, comma-separated, or [IO_ALL]. */
    private fun ioPaths(name: String, raw: String): List<IoPath> {
        if (raw == IO_ALL) return IoPath.entries
        return Reading.idsIn(name, raw, IoPath.ids, "I/O path", " (comma-separated) or $IO_ALL").map(IoPath::byId)
    }

    /** The ids of a `bench.documentSet` value: document ids, comma-separated, or [IO_ALL]. */
    private fun documentIds(name: String, raw: String): List<String> {
        if (raw == IO_ALL) return DocumentSet.ids
        return Reading.idsIn(name, raw, DocumentSet.ids, "document", " (comma-separated) or $IO_ALL")
    }

    private fun requireHeap(name: String, raw: String) = require(StreamingMemory.HEAP.matches(raw)) {
        "$name='$raw' is not a heap size; allowed: a positive integer followed by k, m or g, as -Xmx takes it " +
            "(e.g. 256m)"
    }

    private fun thresholdPercent(name: String, raw: String): Double {
        val percent = raw.toDoubleOrNull()
        require(percent != null && percent >= 0 && percent.isFinite()) {
            "$name='$raw' is not a percentage; allowed: a number >= 0, e.g. 10 for 10%"
        }
        return percent
    }

    /** The percent of `bench.baseline.failOn`, which [BenchConfig] accepts only with a previous run. */
    private fun failOnPercent(name: String, raw: String): Double {
        val percent = raw.toDoubleOrNull()
        require(percent != null && percent.isFinite() && percent >= 0 && percent <= MAX_FAIL_ON_PERCENT) {
            val what = if (percent == null || !percent.isFinite()) {
                "is not a number"
            } else {
                "is outside 0 to " +
                    "$MAX_FAIL_ON_PERCENT"
            }
            "$name='$raw' $what; allowed: a percentage from 0 to $MAX_FAIL_ON_PERCENT, e.g. 10 to fail " +
                "the run on a row significantly slower than the previous run by more than 10%"
        }
        return percent
    }

    /**
     * [directory] if it is a writable directory or could be created as one (its nearest existing ancestor is
     * a writable directory); otherwise fails naming the option [name], the path and what stands in the way.
     */
    internal fun writableDirectory(name: String, directory: File): File {
        val problem = Directories.problem(directory)
        require(problem == null) {
            "$name='${directory.path}': $problem (absolute path ${directory.absolutePath}); " +
                "allowed: a writable directory, created if missing"
        }
        return directory
    }
}
