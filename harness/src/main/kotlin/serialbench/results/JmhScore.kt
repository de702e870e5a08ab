package serialbench.results

import kotlinx.serialization.Serializable

/**
 * JMH's average time of one codec operation at one size (mode `avgt`), with JMH's own 99.9% error: a row of
 * `target/jmh-results.json`, written by the JMH cross-check.
 */
@Serializable
data class JmhScore(
    val codec: String,
    val operation: Operation,
    val size: Int,
    val scoreNanos: Double,
    val errorNanos: Double?,
    val forks: Int,
    val measurementIterations: Int,
)

/** The contents of `target/jmh-results.json`: when and with which JVM flags JMH ran, and its scores. */
@Serializable
data class JmhResults(val date: String, val jvmFlags: List<String>, val scores: List<JmhScore>)
