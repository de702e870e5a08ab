package serialbench.results

import kotlinx.serialization.json.Json

/** `target/e2e-results.json`: the machine-readable form of an end-to-end run; unknown fields are ignored. */
object E2eResultsJson {
    private val json = Json {
        prettyPrint = true
        encodeDefaults = true
        ignoreUnknownKeys = true
    }

    fun encode(results: E2eResults): String = json.encodeToString(E2eResults.serializer(), results)

    fun decode(text: String): E2eResults = json.decodeFromString(E2eResults.serializer(), text)
}
