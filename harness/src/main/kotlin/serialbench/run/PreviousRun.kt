package serialbench.run

import serialbench.report.ReportFiles
import serialbench.results.BenchmarkResults
import java.io.File
import java.io.IOException

/** An earlier run to compare with (`bench.baseline.results`): its [file] and its [results], read once, when named. */
class PreviousRun(val file: File, val results: BenchmarkResults) {
    override fun toString(): String = file.path

    companion object {
        const val ALLOWED = "the benchmark-results.json of an earlier run"

        /**
         * The run in the file at [path], the value of option [name]; fails in one line naming both when it is not
         * one, as `compare` refuses a file ([ReportFiles.existing], [ReportFiles.readResults]).
         */
        fun read(name: String, path: String): PreviousRun {
            val file = File(path)
            val named = "$name='${file.path}'"
            ReportFiles.existing(file, named)
            val results = try {
                ReportFiles.readResults(file, named)
            } catch (e: IOException) {
                throw IllegalArgumentException("$named: cannot be read: $e; allowed: $ALLOWED", e)
            }
            return PreviousRun(file, results)
        }
    }
}
