package serialbench.run

import serialbench.codec.KotlinxJsonCodec
import serialbench.codec.ParallelJsonCodec

/**
 * What the JMH cross-check runs, read from `-Dbench.jmh.*` properties and checked like [BenchConfig]'s. The
 * harness side of the comparison takes its repetitions, warm-up, seed and threads from [BenchConfig].
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

        fun fromSystemProperties(): JmhConfig = from(System::getProperty)

        fun from(property: (String) -> String?): JmhConfig {
            val defaults = JmhConfig()
            fun value(name: String): String? = property(name)?.trim()?.takeIf { it.isNotEmpty() }
            fun count(name: String, default: Int): Int = value(name)?.let { BenchConfig.count(name, it) } ?: default
            return JmhConfig(
                codecs = value(CODECS)?.let { BenchConfig.codecIds(it, CODECS) } ?: defaults.codecs,
                sizes = value(SIZES)?.let { BenchConfig.positiveInts(SIZES, it) } ?: defaults.sizes,
                forks = count(FORKS, defaults.forks),
                warmupIterations = count(WARMUP_ITERATIONS, defaults.warmupIterations),
                iterations = count(ITERATIONS, defaults.iterations),
                iterationMillis = count(ITERATION_MILLIS, defaults.iterationMillis),
            )
        }
    }
}
