package serialbench.jmh

import serialbench.config.Option
import serialbench.config.OptionValues
import serialbench.run.BenchProperties

/**
 * What the JMH cross-check runs: the [values] of [JmhOptions], read from `-Dbench.jmh.*` properties and checked like
 * the benchmark's (bounds, duplicates, unknown `bench.*` names). The harness side of the comparison takes its
 * repetitions, warm-up, seed and threads from the benchmark's configuration.
 */
data class JmhConfig(val values: OptionValues = OptionValues.NONE) {
    val codecs: List<String> get() = this[JmhOptions.CODECS]
    val sizes: List<Int> get() = this[JmhOptions.SIZES]
    val forks: Int get() = this[JmhOptions.FORKS]
    val warmupIterations: Int get() = this[JmhOptions.WARMUP_ITERATIONS]
    val iterations: Int get() = this[JmhOptions.ITERATIONS]
    val iterationMillis: Int get() = this[JmhOptions.ITERATION_MILLIS]

    /** The value of [option] in this cross-check. */
    operator fun <T> get(option: Option<T>): T = values[option]

    companion object {
        /** The configuration of this JVM's `-Dbench.jmh.*` properties; an unknown `bench.*` name is refused. */
        fun fromSystemProperties(): JmhConfig = from(BenchProperties.ofThisJvmChecked(listOf(JmhOptions)))

        /** Reads the configuration from [property]; unset (or blank) properties take their defaults. */
        fun from(property: (String) -> String?): JmhConfig = JmhConfig(OptionValues.read(JmhOptions.options, property))
    }
}
