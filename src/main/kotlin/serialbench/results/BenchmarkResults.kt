package serialbench.results

import kotlinx.serialization.Serializable

/**
 * A whole run: the contents of `target/benchmark-results.json`. Fields added after the first release have
 * defaults, so older files still read; [method] is `null` in files written before runs recorded it.
 */
@Serializable
data class BenchmarkResults(
    val environment: Environment,
    val results: List<ResultRow>,
    val coldStart: List<ColdStartRow> = emptyList(),
    val method: RunMethod? = null,
    val unsupported: List<UnsupportedCell> = emptyList(),
) {
    /** Shape ids in the order the run measured them (`flat` for files from before shapes). */
    val shapes: List<String>
        get() = method?.shapes?.map { it.id } ?: results.map { it.shape }.distinct()
}
