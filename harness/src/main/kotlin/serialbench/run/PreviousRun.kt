package serialbench.run

import kotlinx.serialization.SerializationException
import serialbench.results.BenchmarkResults
import serialbench.results.PlausibleResults
import serialbench.results.ResultsJson
import java.io.File
import java.io.IOException

/** An earlier run to compare with (`bench.baseline.results`): its [file] and its [results], read once, when named. */
class PreviousRun(val file: File, val results: BenchmarkResults) {
    override fun toString(): String = file.path

    companion object {
        const val ALLOWED = "the benchmark-results.json of an earlier run"

        /** The run in the file at [path], the value of option [name]; fails naming both when it is not one. */
        fun read(name: String, path: String): PreviousRun {
            val file = File(path)
            require(file.isFile && file.canRead()) {
                "$name='${file.path}': no readable file there (absolute path ${file.absolutePath}); allowed: $ALLOWED"
            }
            return PreviousRun(file, results(name, file))
        }

        private fun results(name: String, file: File): BenchmarkResults = try {
            ResultsJson.decode(ResultsJson.text(file.readBytes())).also(PlausibleResults::require)
        } catch (e: SerializationException) {
            throw IllegalArgumentException(
                "$name='${file.path}': not a results file this version can read: ${e.message}; allowed: $ALLOWED",
                e,
            )
        } catch (e: IOException) {
            throw IllegalArgumentException("$name='${file.path}': cannot be read: $e; allowed: $ALLOWED", e)
        } catch (e: IllegalArgumentException) {
            throw IllegalArgumentException("$name='${file.path}': ${e.message}", e)
        }
    }
}
