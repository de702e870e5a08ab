package serialbench.results

import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import serialbench.results.BenchmarkResults
import serialbench.results.JmhResults

/**
 * `benchmark-results.json` and `jmh-results.json`: the machine-readable form of a run, read back by later runs
 * and outside tools. Reading ignores fields it does not know, so a file from a newer run still compares.
 */
object ResultsJson {
    private val json = Json {
        prettyPrint = true
        encodeDefaults = true
        ignoreUnknownKeys = true
    }

    fun encode(results: BenchmarkResults): String = json.encodeToString(BenchmarkResults.serializer(), results)

    fun decode(text: String): BenchmarkResults = json.decodeFromString(BenchmarkResults.serializer(), text)

    fun encodeJmh(results: JmhResults): String = json.encodeToString(JmhResults.serializer(), results)

    fun decodeJmh(text: String): JmhResults = json.decodeFromString(JmhResults.serializer(), text)

    /** Reads [file] with [decode], naming the file in the error when it is not a results file. */
    fun <T> read(file: java.io.File, decode: (String) -> T): T = try {
        decode(file.readText())
    } catch (e: SerializationException) {
        throw IllegalArgumentException("${file.path} is not a results file this version can read: ${e.message}", e)
    }
}
