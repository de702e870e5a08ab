package serialbench.results

import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import serialbench.text.MalformedUtf8Exception
import serialbench.text.StrictUtf8

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

    /**
     * [bytes] as text, refusing a byte that is not UTF-8 ([SerializationException] naming its offset) rather than
     * reading it as U+FFFD.
     */
    fun text(bytes: ByteArray): String = try {
        StrictUtf8.decode(bytes)
    } catch (e: MalformedUtf8Exception) {
        throw SerializationException(e.message, e)
    }

    /**
     * Reads [file] with [decode], refusing it in one line that begins with [named] (its path, or the flag or option
     * that gave it with its path) when it is not [kind], not UTF-8 or holds a row that refuses its values: kotlinx's
     * first line (the offset, what is wrong and the path of the field), without its hint and input excerpt.
     */
    fun <T> read(
        file: java.io.File,
        decode: (String) -> T,
        kind: String = "a results file",
        named: String = file.path,
    ): T = try {
        decode(text(file.readBytes()))
    } catch (e: IllegalArgumentException) {
        // kotlinx's failures (a SerializationException is one), and a row's own check of what it was given
        val problem = e.message.orEmpty().lineSequence().first()
        throw IllegalArgumentException("$named is not $kind this version can read: $problem", e)
    }
}
