package serialbench.results

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.report.E2eFixtures
import serialbench.report.ReportFiles
import serialbench.report.ReportFixtures
import java.io.File

/** A results file is believed only if a run could have written it; else it is refused naming file, row and field. */
class PlausibleResultsTest {
    private val rows = ReportFixtures.results.results

    /** Row 5 of the fixture: kotlinx-json-parallel deserializing 10 objects, min 28,999 ns, max 29,001 ns. */
    private val named = "results[5] (kotlinx-json-parallel deserialize, shape flat, N = 10)"

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(
        delimiter = '|',
        value = [
            "meanNanos|5.0|meanNanos = 5.0 is outside the row's minNanos 28999 and maxNanos 29001",
            "meanNanos|1e300|meanNanos = 1.0E300 is outside the row's minNanos 28999 and maxNanos 29001",
            "meanNanos|1e-300|meanNanos = 1.0E-300; allowed: a finite number of nanoseconds, at least 1",
            "meanNanos|NaN|meanNanos = NaN; allowed: a finite number of nanoseconds, at least 1",
            "medianNanos|40000.0|medianNanos = 40000.0 is outside the row's minNanos 28999 and maxNanos 29001",
            "medianNanos|0.5|medianNanos = 0.5; allowed: a finite number of nanoseconds, at least 1",
            "errorNanos|Infinity|errorNanos = Infinity; allowed: a finite number >= 0",
            "stdDevNanos|-1.0|stdDevNanos = -1.0; allowed: a finite number >= 0",
            "p99Nanos|NaN|p99Nanos = NaN; allowed: a finite number >= 0",
            "ratio|0.0|ratio = 0.0; allowed: a positive finite number",
            "gzipBytes|-1|gzipBytes = -1; allowed: at least 0",
        ],
    )
    fun `a figure no run can produce is refused naming the row and the field`(
        field: String,
        value: Double,
        problem: String,
    ) {
        val row = rows[5]
        val bad = when (field) {
            "meanNanos" -> row.copy(meanNanos = value)
            "medianNanos" -> row.copy(medianNanos = value)
            "errorNanos" -> row.copy(errorNanos = value)
            "stdDevNanos" -> row.copy(stdDevNanos = value)
            "p99Nanos" -> row.copy(p99Nanos = value)
            "gzipBytes" -> row.copy(gzipBytes = value.toInt())
            else -> row.copy(ratio = value)
        }
        val results = ReportFixtures.results.copy(results = rows.toMutableList().apply { set(5, bad) })

        assertThatThrownBy { PlausibleResults.require(results) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("$named: $problem")
    }

    /** Row 5 measured in two JVMs of 20 repetitions each, pooled as a run pools them. */
    private val twoForks = ReportFixtures.forked(rows[5], listOf(29_000, 30_000))

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        value = [
            "forks = -1|forks = -1; allowed: at least 0",
            "forks = 3 with two fork means|forkMeansNanos holds 2 means with forks = 3; allowed: one mean per fork",
            "forks = 5 with 4 repetitions|forks = 5 with repetitions = 4; allowed: at most one JVM per repetition",
            "the forks key removed, the fork means kept|forkMeansNanos holds 2 means with forks = 0; allowed: none",
            "forkMeansNanos removed, forks = 2 kept|forkMeansNanos holds 0 means with forks = 2; allowed: one mean",
            "one fork mean with forks = 2|forkMeansNanos holds 1 means with forks = 2; allowed: one mean per fork",
            "three duration lists with forks = 2|durationsNanos holds 3 lists with forks = 2; allowed: 2, one per JVM",
            "a duration list emptied|durationsNanos[1] is empty; allowed: each JVM's list holds its repetitions",
            "a duration dropped|durationsNanos holds 39 durations with repetitions = 40; allowed: equal",
            "three counts of calls per repetition with forks = 2|callsPerRepetition holds 3 counts with forks = 2",
            "no call in a repetition|callsPerRepetition holds 0; allowed: at least 1",
            "a fork mean that is not its durations' mean|forkMeansNanos[0] = 29500.0 is not the mean",
            "a duration of 0, its fork mean kept|durationsNanos holds 0, outside the row's minNanos 28710",
            "a duration far above the maximum, its fork mean kept|durationsNanos holds 85710, outside the row's",
            "a mean that is not its durations' mean|meanNanos = 29585.25 is not the mean of durationsNanos (29485.25)",
        ],
    )
    fun `fork counts, fork means and durations that disagree are refused naming the row and the field`(
        edit: String,
        problem: String,
    ) {
        val row = twoForks
        val (first, second) = row.durationsNanos
        val bad = when (edit) {
            "forks = -1" -> row.copy(forks = -1)

            "forks = 3 with two fork means" -> row.copy(forks = 3)

            "forks = 5 with 4 repetitions" -> row.copy(forks = 5, repetitions = 4)

            "the forks key removed, the fork means kept" -> row.copy(forks = 0)

            "forkMeansNanos removed, forks = 2 kept" -> row.copy(forkMeansNanos = emptyList())

            "one fork mean with forks = 2" -> row.copy(forkMeansNanos = row.forkMeansNanos.take(1))

            "three duration lists with forks = 2" -> row.copy(durationsNanos = listOf(first, second, second))

            "a duration list emptied" -> row.copy(durationsNanos = listOf(first + second, emptyList()))

            "a duration dropped" -> row.copy(durationsNanos = listOf(first, second.drop(1)))

            // the fork's sum kept, so its mean and every check before the durations' own still pass
            "a duration of 0, its fork mean kept" ->
                row.copy(durationsNanos = listOf(listOf(0L, first[1] + first[0]) + first.drop(2), second))

            "a duration far above the maximum, its fork mean kept" -> row.copy(
                durationsNanos = listOf(listOf(first[0] + 19 * 3_000) + first.drop(1).map { it - 3_000 }, second),
            )

            "a mean that is not its durations' mean" -> row.copy(meanNanos = row.meanNanos + 100)

            "three counts of calls per repetition with forks = 2" -> row.copy(callsPerRepetition = listOf(4, 4, 4))

            "no call in a repetition" -> row.copy(callsPerRepetition = listOf(4, 0))

            else -> row.copy(forkMeansNanos = listOf(29_500.0, row.forkMeansNanos[1]))
        }
        PlausibleResults.require(resultsWith(row))
        PlausibleResults.require(resultsWith(row.copy(callsPerRepetition = listOf(1, 12))))
        assertThatThrownBy { PlausibleResults.require(resultsWith(bad)) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("$named: $problem")
    }

    @Test
    fun `a row measured in the benchmark's own JVM or in one fork keeps one list of durations and no fork means`() {
        val inProcess = ReportFixtures.sampled(rows[5], ReportFixtures.spread(29_000))
        PlausibleResults.require(resultsWith(inProcess))
        PlausibleResults.require(resultsWith(inProcess.copy(forks = 1)))
        val oneForkWithMean = inProcess.copy(forks = 1, forkMeansNanos = listOf(inProcess.meanNanos))
        assertThatThrownBy { PlausibleResults.require(resultsWith(oneForkWithMean)) }
            .hasMessageStartingWith("$named: forkMeansNanos holds 1 means with forks = 1; allowed: none")
    }

    private fun resultsWith(row: ResultRow) =
        ReportFixtures.results.copy(results = rows.toMutableList().apply { set(5, row) })

    @Test
    fun `a results file with a mean outside its own range is refused naming the file`(@TempDir directory: File) {
        val file = write(directory, rows.toMutableList().apply { set(5, rows[5].copy(meanNanos = 1e300)) })
        assertThatThrownBy { ReportFiles.readResults(file) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("${file.path}: $named: meanNanos = 1.0E300 is outside")
    }

    @Test
    fun `a mean of 1e-300 ns with a minimum and maximum of 0 is refused, not given a 300-digit change`(
        @TempDir directory: File,
    ) {
        val tiny = rows[5].copy(meanNanos = 1e-300, medianNanos = 0.0, minNanos = 0, maxNanos = 0)
        val file = write(directory, rows.toMutableList().apply { set(5, tiny) })
        assertThatThrownBy { ReportFiles.readResults(file) }.hasMessageContaining("meanNanos = 1.0E-300")
    }

    @Test
    fun `two rows for the same codec, operation, shape, io and size are refused naming both`(@TempDir directory: File) {
        val slower = rows[5].copy(meanNanos = rows[5].meanNanos * 50_000, minNanos = 1, maxNanos = Long.MAX_VALUE)
        val file = write(directory, rows + slower)
        assertThatThrownBy { ReportFiles.readResults(file) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "${file.path}: results[${rows.size}] (kotlinx-json-parallel deserialize, shape flat, N = 10): " +
                    "the same row as " +
                    "results[5] (one row per codec, decoder, io, shape, operation and size)",
            )
    }

    @ParameterizedTest(name = "{0}.{1} = {2}")
    @CsvSource(
        "stability, startNanos, 0.0",
        "stability, endNanos, -5.0",
        "walkStability, startNanos, -0.0",
        "walkStability, endNanos, 0.5",
        "walkStability, startNanos, 1e-300",
    )
    fun `a reference workload's time that was not measured is refused naming the file and the field`(
        block: String,
        field: String,
        value: Double,
        @TempDir directory: File,
    ) {
        val measured = Stability("a fixed workload", repetitions = 11, startNanos = 2_468_412.0, endNanos = 2_197_458.0)
        val bad = if (field == "startNanos") measured.copy(startNanos = value) else measured.copy(endNanos = value)
        val results = if (block == "stability") {
            ReportFixtures.results.copy(stability = bad, walkStability = measured)
        } else {
            ReportFixtures.results.copy(stability = measured, walkStability = bad)
        }
        PlausibleResults.require(ReportFixtures.results.copy(stability = measured, walkStability = measured))
        val file = File(directory, "benchmark-results.json").apply { writeText(ResultsJson.encode(results)) }
        assertThatThrownBy { ReportFiles.readResults(file) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("${file.path}: $block.$field = $value; allowed: a finite number of nanoseconds, at least 1")
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        value = [
            "scoreNanos = -5|scores[0] (kotlinx-json serialize, N = 1000): scoreNanos = -5.0; allowed: a finite number",
            "scoreNanos = 0|scores[0] (kotlinx-json serialize, N = 1000): scoreNanos = 0.0; allowed: a finite number",
            "errorNanos = -1|scores[0] (kotlinx-json serialize, N = 1000): errorNanos = -1.0; allowed: a finite number",
            "size = -1|scores[0] (kotlinx-json serialize, N = -1): size = -1; allowed: at least 1",
            "forks = 0|scores[0] (kotlinx-json serialize, N = 1000): forks = 0; allowed: at least 1",
            "measurementIterations = -3|scores[0] (kotlinx-json serialize, N = 1000): measurementIterations = -3;",
            "the first score twice|scores[3] (kotlinx-json serialize, N = 1000): the same score as scores[0] (one",
            "no score|scores is empty: the file holds no JMH score",
        ],
    )
    fun `a JMH score no cross-check can produce is refused naming the file, the score and the field`(
        edit: String,
        problem: String,
        @TempDir directory: File,
    ) {
        val scores = ReportFixtures.jmh.scores
        val first = scores[0]
        val bad = when (edit) {
            "scoreNanos = -5" -> listOf(first.copy(scoreNanos = -5.0))
            "scoreNanos = 0" -> listOf(first.copy(scoreNanos = 0.0))
            "errorNanos = -1" -> listOf(first.copy(errorNanos = -1.0))
            "size = -1" -> listOf(first.copy(size = -1))
            "forks = 0" -> listOf(first.copy(forks = 0))
            "measurementIterations = -3" -> listOf(first.copy(measurementIterations = -3))
            "the first score twice" -> scores + first
            else -> null
        }
        val edited = bad?.let { if (it.size == 1) it + scores.drop(1) else it } ?: emptyList()
        PlausibleJmhResults.require(ReportFixtures.jmh)
        val file = File(directory, "jmh-results.json").apply {
            writeText(ResultsJson.encodeJmh(ReportFixtures.jmh.copy(scores = edited)))
        }
        assertThatThrownBy { ReportFiles.readJmh(file) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("${file.path}: $problem")
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        value = [
            "meanNanos = -5|rows[0] (kotlinx-json, shape flat, N = 1000, 1 thread, new connections): meanNanos = -5.0;",
            "requestsPerSecond = -1|new connections): requestsPerSecond = -1.0; allowed: a positive finite number",
            "requests = 0|new connections): requests = 0; allowed: at least 1",
            "threads = 0|rows[0] (kotlinx-json, shape flat, N = 1000, 0 threads, new connections): threads = 0;",
            "size = -10|rows[0] (kotlinx-json, shape flat, N = -10, 1 thread, new connections): size = -10;",
            "errorNanos = -1|new connections): errorNanos = -1.0; allowed: a finite number >= 0",
            "minNanos above maxNanos|new connections): maxNanos = 4999999; allowed: at least minNanos (5000000)",
            "p99Nanos above maxNanos|new connections): p99Nanos = 3.1E7 is outside the row's minNanos 5000000",
            "the first row twice|rows[8] (kotlinx-json, shape flat, N = 1000, 1 thread, new connections): the same row",
            "no row|rows is empty: the file holds no measured mode",
            "no request in the method|method.requests = 0; allowed: at least 1",
            "0 client threads in the method|method.threads holds 0; allowed: client thread counts of at least 1",
        ],
    )
    fun `an end-to-end row no run can produce is refused naming the file, the row and the field`(
        edit: String,
        problem: String,
        @TempDir directory: File,
    ) {
        val e2e = E2eFixtures.results
        val rows = e2e.rows
        val first = rows[0]
        val edited = when (edit) {
            "meanNanos = -5" -> e2e.copy(rows = listOf(first.copy(meanNanos = -5.0)) + rows.drop(1))

            "requestsPerSecond = -1" -> e2e.copy(rows = listOf(first.copy(requestsPerSecond = -1.0)) + rows.drop(1))

            "requests = 0" -> e2e.copy(rows = listOf(first.copy(requests = 0)) + rows.drop(1))

            "threads = 0" -> e2e.copy(rows = listOf(first.copy(threads = 0)) + rows.drop(1))

            "size = -10" -> e2e.copy(rows = listOf(first.copy(size = -10)) + rows.drop(1))

            "errorNanos = -1" -> e2e.copy(rows = listOf(first.copy(errorNanos = -1.0)) + rows.drop(1))

            "minNanos above maxNanos" -> e2e.copy(
                rows =
                listOf(first.copy(maxNanos = first.minNanos - 1)) + rows.drop(1),
            )

            "p99Nanos above maxNanos" -> e2e.copy(rows = listOf(first.copy(p99Nanos = 31e6)) + rows.drop(1))

            "the first row twice" -> e2e.copy(rows = rows + first)

            "no row" -> e2e.copy(rows = emptyList())

            "no request in the method" -> e2e.copy(method = e2e.method.copy(requests = 0))

            else -> e2e.copy(method = e2e.method.copy(threads = listOf(1, 0)))
        }
        PlausibleE2eResults.require(e2e)
        val file = File(directory, "e2e-results.json").apply { writeText(E2eResultsJson.encode(edited)) }
        assertThatThrownBy { ReportFiles.readE2e(file) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("${file.path}: ")
            .hasMessageContaining(problem)
    }

    @Test
    fun `the same codec and size on another I O path or decoder is another row`() {
        val overFile = rows[5].copy(io = IoPath.FILE)
        val streamed = rows[5].copy(io = IoPath.STREAM, decoder = "sequence")
        PlausibleResults.require(ReportFixtures.results.copy(ioPaths = listOf(overFile), streaming = listOf(streamed)))
    }

    @Test
    fun `a file a real run wrote with an earlier version still reads, and is plausible`() {
        val file = File(javaClass.getResource("/results/4910a22-benchmark-results.json")!!.toURI())
        val results = ReportFiles.readResults(file)
        assertThat(results.results).hasSize(12)
        assertThat(results.results.map { it.codec }.distinct())
            .containsExactly("kotlinx-json", "kotlinx-json-parallel", "jackson")
    }

    private fun write(directory: File, rows: List<ResultRow>) = File(directory, "benchmark-results.json").apply {
        writeText(ResultsJson.encode(ReportFixtures.results.copy(results = rows)))
    }
}
