package serialbench.results

/**
 * Refuses results no run can produce, before anything compares with them: a mean that is not a positive finite
 * number (a change from it would be infinite or of the wrong sign), a negative or non-finite error, spread, median,
 * minimum or repetition, a maximum below the minimum, fewer than one repetition. Rows of [BenchmarkResults.results],
 * [BenchmarkResults.streaming] and [BenchmarkResults.ioPaths] are checked alike.
 */
object PlausibleResults {
    /** @throws IllegalArgumentException naming the section and index of the first bad row, its codec, and the field. */
    fun require(results: BenchmarkResults) {
        val sections = listOf("results" to results.results, "streaming" to results.streaming, "ioPaths" to results.ioPaths)
        for ((section, rows) in sections) {
            rows.forEachIndexed { index, row ->
                val problem = problem(row) ?: return@forEachIndexed
                throw IllegalArgumentException("$section[$index] (${describe(row)}): $problem")
            }
        }
    }

    /** The codec (with its decoder), operation, shape, I/O path if any, and size of [row]. */
    fun describe(row: ResultRow): String =
        "${row.codec}${row.decoder?.let { "/$it" } ?: ""} ${row.operation.verb}, shape ${row.shape}" +
            (row.io?.let { ", io ${it.id}" } ?: "") + ", N = ${row.size}"

    private fun problem(row: ResultRow): String? {
        fun positive(name: String, value: Double) =
            if (value.isFinite() && value > 0) null else "$name = $value; allowed: a positive finite number of nanoseconds"
        fun notNegative(name: String, value: Double?) =
            if (value == null || value.isFinite() && value >= 0) null else "$name = $value; allowed: a finite number >= 0"
        return positive("meanNanos", row.meanNanos)
            ?: notNegative("errorNanos", row.errorNanos)
            ?: notNegative("stdDevNanos", row.stdDevNanos)
            ?: notNegative("medianNanos", row.medianNanos)
            ?: notNegative("minNanos", row.minNanos.toDouble())
            ?: "maxNanos = ${row.maxNanos}; allowed: at least minNanos (${row.minNanos})".takeIf { row.maxNanos < row.minNanos }
            ?: "repetitions = ${row.repetitions}; allowed: at least 1".takeIf { row.repetitions < 1 }
            ?: "size = ${row.size}; allowed: at least 1".takeIf { row.size < 1 }
            ?: row.durationsNanos.flatten().firstOrNull { it < 0 }?.let { "durationsNanos holds $it; allowed: durations >= 0" }
    }
}
