package serialbench.run

import serialbench.codec.KotlinxJsonCodec
import serialbench.codec.ParallelJsonCodec

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

        /** Every property this configuration reads, for [BenchProperties]. */
        val PROPERTIES = PropertyGroup("JMH cross-check", listOf(CODECS, SIZES, FORKS, WARMUP_ITERATIONS, ITERATIONS, ITERATION_MILLIS))

        const val MAX_FORKS = 100
        const val MAX_ITERATIONS = 1_000
        const val MAX_ITERATION_MILLIS = 60_000

        /** The configuration of this JVM's `-Dbench.jmh.*` properties; an unknown `bench.*` name is refused. */
        fun fromSystemProperties(): JmhConfig {
            BenchProperties.refuseUnknown(BenchProperties.ofThisJvm())
            return from(System::getProperty)
        }

        fun from(property: (String) -> String?): JmhConfig {
            val defaults = JmhConfig()
            fun value(name: String): String? = property(name)?.trim()?.takeIf { it.isNotEmpty() }
            fun count(name: String, max: Int, default: Int): Int = value(name)?.let { BenchConfig.count(name, it, max) } ?: default
            return JmhConfig(
                codecs = value(CODECS)?.let { BenchConfig.codecIds(it, CODECS) } ?: defaults.codecs,
                sizes = value(SIZES)?.let { BenchConfig.positiveInts(SIZES, it, BenchConfig.MAX_SIZE) } ?: defaults.sizes,
                forks = count(FORKS, MAX_FORKS, defaults.forks),
                warmupIterations = count(WARMUP_ITERATIONS, MAX_ITERATIONS, defaults.warmupIterations),
                iterations = count(ITERATIONS, MAX_ITERATIONS, defaults.iterations),
                iterationMillis = count(ITERATION_MILLIS, MAX_ITERATION_MILLIS, defaults.iterationMillis),
            )
        }
    }
}
