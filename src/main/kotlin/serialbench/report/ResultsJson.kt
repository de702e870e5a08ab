package serialbench.report

import kotlinx.serialization.json.Json
import serialbench.measure.BenchmarkResults

/** `benchmark-results.json`: the machine-readable form of a run, read back by later runs and outside tools. */
object ResultsJson {
    private val json = Json {
        prettyPrint = true
        encodeDefaults = true
    }

    fun encode(results: BenchmarkResults): String = json.encodeToString(BenchmarkResults.serializer(), results)

    fun decode(text: String): BenchmarkResults = json.decodeFromString(BenchmarkResults.serializer(), text)
}
