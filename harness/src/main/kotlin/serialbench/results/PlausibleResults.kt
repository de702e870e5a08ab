package serialbench.results

import kotlin.math.abs

/**
 * Refuses results no run can produce, before anything compares with them or draws them. For every row of
 * [BenchmarkResults.results], [BenchmarkResults.streaming], [BenchmarkResults.ioPaths], [BenchmarkResults.ceiling] and
 * [BenchmarkResults.documentSet]:
 * - the mean and median are finite and at least 1 ns (a time was measured), the minimum at least 0;
 * - `minNanos <= medianNanos <= maxNanos` and `minNanos <= meanNanos <= maxNanos` (each fork's mean too);
 * - errors, spreads, percentiles and durations are finite and non-negative, ratios finite and positive;
 * - at least one repetition and one element, payload and gzip sizes not negative;
 * - the forks agree with what a run of that many JVMs writes: `forks` at least 0 and at most `repetitions` (each
 *   JVM timed one repetition or more); one fork mean per fork when `forks` is 2 or more, none otherwise (the verdicts
 *   read the fork means); where durations are kept, one list per JVM (one for a row measured in the benchmark's own
 *   JVM, `forks` 0), none empty, `repetitions` durations in all, and each fork's mean the mean of its list;
 * - durations (which the comparison's rank test reads) within the row's own minimum and maximum, their mean the
 *   row's mean;
 * - at most one row per codec, decoder, I/O path, shape, operation, size and calls at once (the key a comparison
 *   pairs rows by).
 *
 * And where a file has them, the reference workloads' times at the start and end of the run
 * ([BenchmarkResults.stability], [BenchmarkResults.walkStability]): finite and at least 1 ns, over at least one
 * repetition (a comparison divides by them).
 */
object PlausibleResults {
    /** @throws IllegalArgumentException naming the section and index of the first bad row, the row, and the field. */
    fun require(results: BenchmarkResults) {
        require(results.method?.parallelPairs?.isEmpty() != true) {
            "method.parallelPairs is empty: a run names the parallel codecs it compares with their engines"
        }
        for ((name, stability) in listOf("stability" to results.stability, "walkStability" to results.walkStability)) {
            val problem = stability?.let(::stabilityProblem)
            require(problem == null) { "$name.$problem" }
        }
        val sections = listOf(
            "results" to results.results,
            "streaming" to results.streaming,
            "ioPaths" to results.ioPaths,
            "ceiling" to results.ceiling,
            "documentSet" to results.documentSet,
        )
        val seen = HashMap<List<Any?>, String>()
        for ((section, rows) in sections) {
            requireEach(section, rows, seen, ::key, ::describe) { row ->
                problem(row) ?: seen[key(row)]?.let { "the same row as $it ($ONE_ROW)" }
            }
        }
    }

    /**
     * Refuses the first of [items] (`list[index]`, named by [describe]) that has a [problem], which may name the
     * place in [seen] of an item before it with the same [key] (of this list, or of another list of the same file).
     */
    internal fun <T> requireEach(
        list: String,
        items: List<T>,
        seen: MutableMap<List<Any?>, String>,
        key: (T) -> List<Any?>,
        describe: (T) -> String,
        problem: (T) -> String?,
    ) {
        items.forEachIndexed { index, item ->
            val place = "$list[$index]"
            val found = problem(item)
            require(found == null) { "$place (${describe(item)}): $found" }
            seen[key(item)] = place
        }
    }

    /** What a comparison pairs rows of two runs by: codec, decoder, I/O path, shape, operation, size, calls at once. */
    fun key(row: ResultRow): List<Any?> =
        listOf(row.codec, row.decoder, row.io, row.shape, row.operation, row.size, row.concurrentCalls)

    /** The codec (with its decoder), operation, shape, I/O path if any, and size of [row]. */
    fun describe(row: ResultRow): String =
        "${row.codec}${row.decoder?.let { "/$it" } ?: ""} ${row.operation.verb}, shape ${row.shape}" +
            (row.io?.let { ", io ${it.id}" } ?: "") + ", N = ${row.size}"

    private fun problem(row: ResultRow): String? = measured("meanNanos", row.meanNanos)
        ?: measured("medianNanos", row.medianNanos)
        ?: notNegative("minNanos", row.minNanos.toDouble())
        ?: maxBelowMin(row.minNanos, row.maxNanos)
        ?: between("meanNanos", row.meanNanos, row)
        ?: between("medianNanos", row.medianNanos, row)
        ?: row.forkMeansNanos.firstNotNullOfOrNull { mean ->
            measured("forkMeansNanos", mean) ?: between("forkMeansNanos", mean, row)
        }
        ?: notNegative("errorNanos", row.errorNanos)
        ?: notNegative("stdDevNanos", row.stdDevNanos)
        ?: notNegative("varianceNanosSquared", row.varianceNanosSquared)
        ?: notNegative("p90Nanos", row.p90Nanos)
        ?: notNegative("p99Nanos", row.p99Nanos)
        ?: notNegative("firstElementNanos", row.firstElementNanos)
        ?: notNegative("firstElementMedianNanos", row.firstElementMedianNanos)
        ?: notNegative("firstElementErrorNanos", row.firstElementErrorNanos)
        ?: notNegative("ratioStdDev", row.ratioStdDev)
        ?: row.ratio?.takeUnless {
            it.isFinite() && it > 0
        }?.let { "ratio = $it; allowed: a positive finite number" }
        ?: "repetitions = ${row.repetitions}; allowed: at least 1".takeIf { row.repetitions < 1 }
        ?: "size = ${row.size}; allowed: at least 1".takeIf { row.size < 1 }
        ?: "payloadBytes = ${row.payloadBytes}; allowed: at least 0".takeIf { row.payloadBytes < 0 }
        ?: "gzipBytes = ${row.gzipBytes}; allowed: at least 0".takeIf { row.gzipBytes < 0 }
        ?: row.durationsNanos.flatten().firstOrNull {
            it < 0
        }?.let { "durationsNanos holds $it; allowed: durations >= 0" }
        ?: forkProblem(row)
        ?: durationsProblem(row)

    /** A reference workload's time that was not measured, or no repetition of it. */
    private fun stabilityProblem(stability: Stability): String? = measured("startNanos", stability.startNanos)
        ?: measured("endNanos", stability.endNanos)
        ?: "repetitions = ${stability.repetitions}; allowed: at least 1".takeIf { stability.repetitions < 1 }

    /** A duration outside the row's own minimum and maximum, or durations whose mean is not the row's mean. */
    private fun durationsProblem(row: ResultRow): String? {
        val durations = row.durationsNanos.flatten()
        if (durations.isEmpty()) return null
        durations.firstOrNull { it < row.minNanos || it > row.maxNanos }?.let { outside ->
            return "durationsNanos holds $outside, outside the row's minNanos ${row.minNanos} and maxNanos " +
                "${row.maxNanos}; allowed: minNanos <= each duration <= maxNanos"
        }
        val mean = durations.sumOf { it.toDouble() } / durations.size
        return "meanNanos = ${row.meanNanos} is not the mean of durationsNanos ($mean); allowed: equal"
            .takeIf { abs(row.meanNanos - mean) > mean * ROUNDING_OF_MEANS + 1 }
    }

    /** [row]'s forks, fork means, repetitions and durations disagree with one another. */
    private fun forkProblem(row: ResultRow): String? {
        val forks = row.forks
        val means = row.forkMeansNanos.size
        val jvms = maxOf(forks, 1)
        val lists = row.durationsNanos
        return "forks = $forks; allowed: at least 0".takeIf { forks < 0 }
            ?: "forks = $forks with repetitions = ${row.repetitions}; allowed: at most one JVM per repetition"
                .takeIf { forks > row.repetitions }
            ?: "forkMeansNanos holds $means means with forks = $forks; allowed: one mean per fork when forks >= 2"
                .takeIf { forks >= 2 && means != forks }
            ?: "forkMeansNanos holds $means means with forks = $forks; allowed: none when forks <= 1"
                .takeIf { forks < 2 && means > 0 }
            ?: "durationsNanos holds ${lists.size} lists with forks = $forks; allowed: $jvms, one per JVM, or none"
                .takeIf { lists.isNotEmpty() && lists.size != jvms }
            ?: lists.indexOfFirst { it.isEmpty() }.takeIf { it >= 0 }
                ?.let { "durationsNanos[$it] is empty; allowed: each JVM's list holds its repetitions" }
            ?: lists.sumOf { it.size }.takeIf { lists.isNotEmpty() && it != row.repetitions }
                ?.let { "durationsNanos holds $it durations with repetitions = ${row.repetitions}; allowed: equal" }
            ?: callsProblem(row, jvms)
            ?: forkMeanOfDurations(row)
    }

    /** Calls per repetition for other than one count per JVM, or a count below one. */
    private fun callsProblem(row: ResultRow, jvms: Int): String? {
        val calls = row.callsPerRepetition
        if (calls.isEmpty()) return null
        return "callsPerRepetition holds ${calls.size} counts with forks = ${row.forks}; allowed: $jvms, one per JVM"
            .takeIf { calls.size != jvms }
            ?: calls.firstOrNull { it < 1 }?.let { "callsPerRepetition holds $it; allowed: at least 1" }
    }

    /** A fork mean that is not the mean of that fork's durations (where both are kept). */
    private fun forkMeanOfDurations(row: ResultRow): String? {
        if (row.forkMeansNanos.isEmpty() || row.durationsNanos.size != row.forkMeansNanos.size) return null
        return row.forkMeansNanos.indices.firstNotNullOfOrNull { fork ->
            val mean = row.forkMeansNanos[fork]
            val durations = row.durationsNanos[fork]
            val expected = durations.sumOf { it.toDouble() } / durations.size
            "forkMeansNanos[$fork] = $mean is not the mean of durationsNanos[$fork] ($expected); allowed: equal"
                .takeIf { abs(mean - expected) > expected * ROUNDING_OF_MEANS + 1 }
        }
    }

    /** [value] unless it is a finite time of at least 1 ns: the problem, naming [name]. */
    internal fun measured(name: String, value: Double) = if (value.isFinite() && value >= 1) {
        null
    } else {
        "$name = $value; allowed: a finite number of nanoseconds, at least 1"
    }

    /** [value] unless it is absent, finite and not negative: the problem, naming [name]. */
    internal fun notNegative(name: String, value: Double?) =
        if (value == null || (value.isFinite() && value >= 0)) null else "$name = $value; allowed: a finite number >= 0"

    /** A maximum [maxNanos] below the minimum [minNanos]: the problem. */
    internal fun maxBelowMin(minNanos: Long, maxNanos: Long) =
        "maxNanos = $maxNanos; allowed: at least minNanos ($minNanos)".takeIf { maxNanos < minNanos }

    /** [value] below [least]: the problem, naming [name]. */
    internal fun atLeast(name: String, value: Long, least: Long) =
        "$name = $value; allowed: at least $least".takeIf { value < least }

    private fun between(name: String, value: Double, row: ResultRow): String? =
        between(name, value, row.minNanos, row.maxNanos)

    /**
     * [value] outside a row's own minimum and maximum [minNanos] and [maxNanos] (with room for the rounding of a mean
     * of many longs): the problem, naming [name].
     */
    internal fun between(name: String, value: Double, minNanos: Long, maxNanos: Long): String? {
        val slack = maxNanos * ROUNDING
        if (value >= minNanos - slack && value <= maxNanos + slack) return null
        return "$name = $value is outside the row's minNanos $minNanos and maxNanos $maxNanos; " +
            "allowed: minNanos <= $name <= maxNanos"
    }

    private const val ROUNDING = 1e-9

    /** How far a written mean may stray from the mean recomputed from its durations (sums of doubles, rounded). */
    private const val ROUNDING_OF_MEANS = 1e-6

    private const val ONE_ROW = "one row per codec, decoder, io, shape, operation and size"
}
