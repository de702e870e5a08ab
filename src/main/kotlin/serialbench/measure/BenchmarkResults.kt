package serialbench.measure

import kotlinx.serialization.Serializable

/** A whole run: the contents of `target/benchmark-results.json`. */
@Serializable
data class BenchmarkResults(
    val environment: Environment,
    val results: List<ResultRow>,
    val coldStart: List<ColdStartRow> = emptyList(),
)
