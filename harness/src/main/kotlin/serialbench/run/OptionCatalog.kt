package serialbench.run

import serialbench.config.Option
import serialbench.config.OptionGroup
import serialbench.parallel.ParallelJson
import serialbench.shapes.upload.UploadGenerator

/**
 * Every `bench.*` option, by the feature that reads it: the registry `--help`, the README's and docs/options.md's
 * tables and the check of unknown names ([BenchProperties]) are made from. An option a feature reads but this
 * catalog lacks is refused as unknown by every run that sets it (`BenchPropertiesSourceTest` finds it first).
 */
object OptionCatalog {
    private val BENCHMARK = OptionGroup(
        "benchmark (-Dgroups=perf, or the program's run)",
        listOf(
            Option(BenchConfig.CODECS, "all", "codec ids, comma-separated", "the codecs to run", common = true),
            Option(BenchConfig.SHAPES, "flat", "shape ids, comma-separated", "the data shapes to measure", common = true),
            Option(BenchConfig.SIZES, "each shape's own (flat: 10,100,1000,10000,100000)", "distinct positive integers up to ${BenchConfig.MAX_SIZE}", "elements per payload, for every shape", common = true),
            Option(BenchConfig.REPETITIONS, "100", "1 to ${BenchConfig.MAX_REPETITIONS}", "timed repetitions per codec, operation and size", common = true),
            Option(BenchConfig.WARMUP, "10", "1 to ${BenchConfig.MAX_WARMUP}", "at least this many discarded calls before timing each codec, operation and size"),
            Option(BenchConfig.WARMUP_MILLIS, "500", "1 to ${BenchConfig.MAX_WARMUP_MILLIS}", "... and at least this many milliseconds; each codec also runs 4 x this long on 1,000 objects first"),
            Option(BenchConfig.FORKS, "${BenchConfig.DEFAULT_FORKS}", "0 to ${BenchConfig.MAX_FORKS}", "JVMs per codec, one after the other; 0 measures every codec in the benchmark's own JVM", common = true),
            Option(BenchConfig.THREADS, "available processors", "1 to ${ParallelJson.MAX_PARALLELISM}", "threads of the parallel codecs", common = true),
            Option(BenchConfig.SEED, "20240601", "any 64-bit integer", "seed of the data generators: the same seed gives the same bytes on every machine"),
            Option(BenchConfig.INPUT, "none", "a JSON file", "your own JSON file, measured in every JSON library's tree; the built-in shapes then run only if bench.shapes is given", common = true),
            Option(BenchConfig.IO, "none", "string, bytes, stream, file (comma-separated) or all", "I/O paths measured besides each codec's natural one", common = true),
            Option(BenchConfig.STREAMING, "false", "true or false", "also decode from a stream (first element and all) and run the bounded-memory decode"),
            Option(BenchConfig.STREAMING_MEMORY_SIZE, "${BenchConfig.DEFAULT_STREAMING_MEMORY_SIZE}", "0 or a positive integer", "elements of the bounded-memory decode; 0 leaves it out"),
            Option(BenchConfig.STREAMING_MEMORY_HEAP, BenchConfig.DEFAULT_STREAMING_MEMORY_HEAP, "a heap size as -Xmx takes it", "-Xmx of each JVM that runs a bounded-memory decode"),
            Option(BenchConfig.ROBUSTNESS_CASES, "${BenchConfig.DEFAULT_ROBUSTNESS_CASES}", "0 to ${BenchConfig.MAX_ROBUSTNESS_CASES}", "truncations and bit flips per codec and shape; 0 skips the robustness part"),
            Option(BenchConfig.UPLOAD_BYTES, "${UploadGenerator.DEFAULT_CONTENT_BYTES}", "0 to ${UploadGenerator.MAX_CONTENT_BYTES}", "content bytes of each upload record"),
            Option(BenchConfig.WRITE_DATA, "none", "a writable directory, created if missing", "write the generated data of each shape and size there as <shape>-<size>.json"),
            Option(BenchConfig.BASELINE, "kotlinx-json (else the first codec)", "one of bench.codecs", "the codec every ratio is taken against"),
            Option(BenchConfig.BASELINE_RESULTS, "none", "an earlier run's benchmark-results.json", "compare every row with that run"),
            Option(BenchConfig.BASELINE_THRESHOLD, "10", "a number >= 0", "smallest change, in percent, the comparison flags as slower or faster"),
            Option(BenchConfig.BASELINE_FAIL_ON, "none", "0 to ${BenchConfig.MAX_FAIL_ON_PERCENT}, with bench.baseline.results", "fail the run when a row is significantly slower and by more than this percentage"),
        ),
    )

    private val JMH = OptionGroup(
        "JMH cross-check (-Dgroups=jmh)",
        listOf(
            Option(JmhConfig.CODECS, "kotlinx-json,kotlinx-json-parallel", "codec ids, comma-separated", "the codecs JMH measures"),
            Option(JmhConfig.SIZES, "1000,10000", "distinct positive integers up to ${BenchConfig.MAX_SIZE}", "the sizes JMH measures"),
            Option(JmhConfig.FORKS, "2", "1 to ${JmhConfig.MAX_FORKS}", "JMH forks per benchmark"),
            Option(JmhConfig.WARMUP_ITERATIONS, "5", "1 to ${JmhConfig.MAX_ITERATIONS}", "JMH warm-up iterations per fork"),
            Option(JmhConfig.ITERATIONS, "5", "1 to ${JmhConfig.MAX_ITERATIONS}", "JMH measured iterations per fork"),
            Option(JmhConfig.ITERATION_MILLIS, "1000", "1 to ${JmhConfig.MAX_ITERATION_MILLIS}", "length of each JMH iteration, in milliseconds"),
        ),
    )

    private val HTTP = OptionGroup(
        "end to end over HTTP (-Dgroups=e2e; also reads bench.codecs, bench.seed, bench.threads, bench.uploadBytes)",
        listOf(
            Option(HttpOptions.SHAPES, "upload,events", "shape ids, comma-separated", "the shapes sent"),
            Option(HttpOptions.SIZES, "per shape, what one API call carries", "distinct positive integers up to ${BenchConfig.MAX_SIZE}", "elements per request body"),
            Option(HttpOptions.THREADS, "1,8", "distinct integers from 1 to ${HttpOptions.MAX_CLIENT_THREADS}", "client thread counts; each runs with a new connection per request and with a pool"),
            Option(HttpOptions.WARMUP, "3", "0 to ${HttpOptions.MAX_WARMUP}", "discarded requests per client thread before each mode's measured ones"),
            Option(HttpOptions.WARMUP_MILLIS, "1000", "0 to ${HttpOptions.MAX_WARMUP_MILLIS}", "discarded requests per codec and shape for this many milliseconds before any mode"),
            Option(HttpOptions.REQUESTS, "500", "1 to ${HttpOptions.MAX_REQUESTS}", "measured requests per mode, shared by its client threads"),
            Option(HttpOptions.MAX_BODY_BYTES, "4 x the run's largest body, at least 64 KiB", "1 to ${HttpOptions.MAX_BODY_LIMIT_BYTES}", "largest request body the server reads; larger ones get 413"),
        ),
    )

    private val STREAMS = OptionGroup(
        "ParallelJson on files (the program's streams, or StreamsBenchTest)",
        listOf(
            Option(StreamsBench.ENABLED, "false", "true or false", "StreamsBenchTest runs only with true"),
            Option(StreamsBench.SIZES, StreamsBench.DEFAULT_SIZES.joinToString(","), "distinct positive integers up to ${BenchConfig.MAX_SIZE}", "list sizes measured"),
            Option(StreamsBench.REPETITIONS, "${StreamsBench.DEFAULT_REPETITIONS}", "1 to ${BenchConfig.MAX_REPETITIONS}", "timed repetitions per size and operation"),
        ),
    )

    private val BUILD = OptionGroup(
        "JVM flags (pom properties)",
        listOf(
            Option(BenchmarkJvm.JVM_ARGS, "-Xms8g -Xmx8g -Xmn5g -XX:+UseG1GC -XX:+AlwaysPreTouch", "JVM flags", "the flags of every JVM that measures: a perf run's forks, or the test JVM with bench.forks=0"),
            Option(BenchmarkJvm.PARENT_JVM_ARGS, "-Xmx2g -XX:+UseG1GC", "JVM flags", "the flags of a perf run's own JVM when it forks: it only starts the forks and writes the report"),
        ),
    )

    val groups: List<OptionGroup> = listOf(BENCHMARK, JMH, HTTP, STREAMS, BUILD)
}
