package serialbench.run

import serialbench.codecs.Codecs
import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.codecs.paralleljson.ParallelJsonCodec
import serialbench.config.PropertyReader

/**
 * What the JMH cross-check runs, read from `-Dbench.jmh.*` properties and checked like [BenchConfig]'s (bounds,
 * duplicates, unknown `bench.*` names). The harness side of the comparison takes its repetitions, warm-up, seed and
 * threads from [BenchConfig].
 */
data class JmhConfig(
    val codecs: List<String> = listOf(KotlinxJsonCodec.ID, ParallelJsonCodec.ID),
    val sizes: List<Int> = listOf(1_000, 10_000),
    val forks: Int = 2,
    val warmupIterations: Int = 5,
    val iterations: Int = 5,
    val iterationMillis: Int = 1_000,
) {
    companion object {
        const val CODECS = "bench.jmh.codecs"
        const val SIZES = "bench.jmh.sizes"
        const val FORKS = "bench.jmh.forks"
        const val WARMUP_ITERATIONS = "bench.jmh.warmupIterations"
        const val ITERATIONS = "bench.jmh.iterations"
        const val ITERATION_MILLIS = "bench.jmh.iterationMillis"

        const val MAX_FORKS = 100
        const val MAX_ITERATIONS = 1_000
        const val MAX_ITERATION_MILLIS = 60_000

        /** The configuration of this JVM's `-Dbench.jmh.*` properties; an unknown `bench.*` name is refused. */
        fun fromSystemProperties(): JmhConfig = from(BenchProperties.ofThisJvmChecked())

        fun from(property: (String) -> String?): JmhConfig {
            val defaults = JmhConfig()
            val read = PropertyReader(property)
            return JmhConfig(
                codecs = read.ids(CODECS, Codecs.ids, "codec id") ?: defaults.codecs,
                sizes = read.positiveInts(SIZES, BenchConfig.MAX_SIZE) ?: defaults.sizes,
                forks = read.count(FORKS, MAX_FORKS) ?: defaults.forks,
                warmupIterations = read.count(WARMUP_ITERATIONS, MAX_ITERATIONS) ?: defaults.warmupIterations,
                iterations = read.count(ITERATIONS, MAX_ITERATIONS) ?: defaults.iterations,
                iterationMillis = read.count(ITERATION_MILLIS, MAX_ITERATION_MILLIS) ?: defaults.iterationMillis,
            )
        }
    }
}
