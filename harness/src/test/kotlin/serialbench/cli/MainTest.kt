package serialbench.cli

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.assertj.core.api.AbstractStringAssert
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder
import serialbench.model.compileJava
import serialbench.report.E2eFixtures
import serialbench.report.MarkdownReport
import serialbench.report.ReportFiles
import serialbench.report.ReportFixtures
import serialbench.report.ReportInputs
import serialbench.report.RunComparison
import serialbench.results.E2eResultsJson
import serialbench.results.ResultsJson
import serialbench.run.BenchProperties
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.PrintStream
import java.util.concurrent.TimeUnit

/** The program's commands that run nothing: help, compare, report, and what a bad command line gets. */
@Order(TestOrder.UNIT)
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class MainTest {
    private class Run(val status: Int, val out: String, val err: String)

    private fun main(vararg args: String): Run {
        val out = ByteArrayOutputStream()
        val err = ByteArrayOutputStream()
        val status = Main.run(
            args.toList(),
            PrintStream(out, true, Charsets.UTF_8),
            PrintStream(err, true, Charsets.UTF_8),
        )
        return Run(status, out.toString(Charsets.UTF_8), err.toString(Charsets.UTF_8))
    }

    @Test
    fun `help names every command and every option`() {
        val help = main("--help")
        assertThat(help.status).isZero()
        assertThat(
            help.out,
        ).contains("run [bench.<name>=<value>", "compare OLD.json NEW.json", "report RESULTS.json", "streams")
        for (name in BenchProperties.names) assertThat(help.out).contains(name)
        assertThat(main("help").out).isEqualTo(help.out)
    }

    @Test
    fun `compare renders the comparison of two results files without running anything`(@TempDir directory: File) {
        val old = File(directory, "old.json").apply { writeText(ResultsJson.encode(ReportFixtures.results)) }
        val slower = ReportFixtures.results.copy(
            results = ReportFixtures.results.results.map {
                it.copy(
                    meanNanos = it.meanNanos * 2,
                    medianNanos = it.medianNanos * 2,
                    minNanos = it.minNanos * 2,
                    maxNanos =
                    it.maxNanos * 2,
                )
            },
        )
        val new = File(directory, "new.json").apply { writeText(ResultsJson.encode(slower)) }

        val compared = main("compare", old.path, new.path)

        assertThat(compared.status).isZero()
        assertThat(compared.out).startsWith("## Compared with a previous run").contains("+100.0%")
        assertThat(compared.out).isEqualTo(buildString { RunComparison.render(this, ReportFixtures.results, slower) })
        assertThat(directory.list()).containsExactlyInAnyOrder("old.json", "new.json")
    }

    @Test
    fun `report writes every format from the files it is given, the end-to-end section included`(
        @TempDir directory: File,
    ) {
        val results = File(directory, "results.json").apply { writeText(ResultsJson.encode(ReportFixtures.results)) }
        val e2e = File(directory, "e2e.json").apply { writeText(E2eResultsJson.encode(E2eFixtures.results)) }
        val out = File(directory, "out")

        val report = main("report", results.path, "--e2e", e2e.path, "--out", out.path)

        assertThat(report.status).isZero()
        val files = ReportFiles(out)
        assertThat(
            files.markdown.readText(),
        ).isEqualTo(MarkdownReport.render(ReportInputs(ReportFixtures.results, e2e = E2eFixtures.results)))
        assertThat(files.json).isFile()
        assertThat(files.csv).isFile()
        assertThat(files.summary).isFile()
    }

    @Test
    fun `a bad command line gets the usage and status 2`() {
        for (args in listOf(
            arrayOf(),
            arrayOf("bench"),
            arrayOf("compare", "one.json"),
            arrayOf("report", "r.json", "--jmhh", "x"),
            arrayOf("run", "sizes=10"),
        )) {
            val run = main(*args)
            assertThat(run.status).describedAs(args.joinToString(" ")).isEqualTo(2)
            assertThat(run.err).contains("usage: serialbench")
        }
    }

    @Test
    fun `a missing file, an unreadable one and a misspelt option are refused naming them, with status 1`(
        @TempDir directory: File,
    ) {
        val missing = main("compare", File(directory, "no.json").path, File(directory, "no.json").path)
        assertThat(missing.status).isEqualTo(1)
        assertThat(missing.err).contains("no.json: no such file")

        val notResults = File(directory, "x.json").apply { writeText("{\"rows\": 1}") }
        val unreadable = main("compare", notResults.path, notResults.path)
        assertThat(unreadable.status).isEqualTo(1)
        assertThat(unreadable.err).contains("${notResults.path} is not a results file this version can read")

        val misspelt = main("run", "bench.repetition=5")
        assertThat(misspelt.status).isEqualTo(1)
        assertThat(
            misspelt.err,
        ).contains("bench.repetition='5' is not a known property", "did you mean bench.repetitions?")
        assertThat(System.getProperties().stringPropertyNames()).doesNotContain("bench.repetition")
    }

    @ParameterizedTest
    @CsvSource(
        delimiter = '|',
        textBlock = """
        run     | bench.sizes=1000 bench.sizes=10 | bench.sizes given 2 times ('1000', '10')
        run     | bench.codecs=                   | bench.codecs='': no value; give one, or leave the option out
        streams | bench.sizes=1000                | bench.sizes: not an option of `streams`
        run     | bench.streams.sizes=10          | bench.streams.sizes: not an option of `run`
        run     | bench.forks=0 bench.jvmArgs=-Xmx1g | bench.jvmArgs='-Xmx1g' has no effect with bench.forks=0
        run     | bench.codecs=gson bench.documentSet=card-1kb | bench.documentSet='card-1kb' has no effect:
        run     | bench.codecs=kotlinx-json-parallel bench.ceiling=true | bench.ceiling='true' has no effect:
        run     | bench.shapes=events bench.uploadBytes=1000 | bench.uploadBytes='1000' has no effect:
        streams | bench.streams.sizes=10000000 | shape flat at size 10000000 needs about 234375 MiB of heap
        run     | bench.parentJvmArgs=-Xmx1g  | bench.parentJvmArgs='-Xmx1g' has no effect in the program: it sets
        streams | bench.streams=true          | bench.streams='true' has no effect in the program: it lets the build
        run     | bench.baseline.threshold=5.0 | bench.baseline.threshold='5.0' has no effect without
        run     | bench.streaming.memorySize=5 | bench.streaming.memorySize='5' has no effect without""",
    )
    fun `an option given twice, without a value, of another command or without effect is refused before anything runs`(
        command: String,
        options: String,
        refusal: String,
    ) {
        val run = main(command, *options.split(' ').toTypedArray())
        assertThat(run.status).isEqualTo(1)
        assertThat(run.err).startsWith("serialbench $command: $refusal")
        assertThat(run.out).isEmpty()
    }

    @Test
    fun `run reads its options from its arguments, refuses a bad value first, and sets no property`() {
        val bad = main("run", "bench.sizes=10", "--bench.repetitions=0")
        assertThat(bad.status).isEqualTo(1)
        assertThat(bad.err.trim())
            .isEqualTo(
                "serialbench run: bench.repetitions='0': 0 is not positive; allowed: a positive integer up to 1000000",
            )
        assertThat(System.getProperties().stringPropertyNames()).doesNotContain("bench.sizes", "bench.repetitions")
    }

    @Test
    fun `a model class whose static initializer throws ends in one line naming it and its failure, twice`(
        @TempDir directory: File,
    ) {
        val classes = compileJava(
            directory,
            "ext.Failing",
            "package ext; public class Failing { public int id; " +
                "static { if (true) throw new IllegalStateException(\"no configuration\"); } }",
        )
        val input = File(directory, "failing.json").apply { writeText("""[{"id":1}]""") }
        val args = arrayOf(
            "run",
            "bench.model=ext.Failing",
            "bench.input=${input.path}",
            "bench.classpath=${classes.path}",
            "bench.codecs=jackson",
            "bench.forks=1",
        )
        for (expected in listOf(
            "its static initializer throws java.lang.IllegalStateException: no configuration at ext.Failing.<clinit>",
            "its static initializer failed earlier in this JVM (Could not initialize class ext.Failing)",
        )) {
            val run = main(*args)
            assertThat(run.status).isEqualTo(1)
            assertThat(run.err.lines().filter { it.isNotBlank() }).singleElement().asString()
                .isEqualTo("serialbench run: bench.model='ext.Failing': $expected")
        }
    }

    @Test
    fun `a bench classpath jar that is not a zip ends in one line naming the entry`(@TempDir directory: File) {
        val broken = File(directory, "broken.jar").apply { writeText("not a zip") }
        val input = File(directory, "x.json").apply { writeText("[{}]") }
        val run = main("run", "bench.model=ext.Anything", "bench.input=${input.path}", "bench.classpath=${broken.path}")
        assertThat(run.status).isEqualTo(1)
        assertThat(run.err.lines().filter { it.isNotBlank() }).singleElement().asString()
            .startsWith(
                "serialbench run: bench.classpath='${broken.path}': the entry '${broken.path}' is not a " +
                    "readable jar (",
            )
    }

    @Test
    fun `report --out naming a regular file ends in one line naming it, with status 1`(@TempDir directory: File) {
        val results = File(directory, "results.json").apply { writeText(ResultsJson.encode(ReportFixtures.results)) }
        val notADirectory = File(directory, "out.txt").apply { writeText("x") }

        val report = main("report", results.path, "--out", notADirectory.path)

        assertThat(report.status).isEqualTo(1)
        assertThat(report.err.lines().filter { it.isNotBlank() }).containsExactly(
            "serialbench report: --out ${notADirectory.path}: it exists and is not a directory " +
                "(absolute path ${notADirectory.absolutePath}); allowed: a writable directory",
        )
        assertThat(notADirectory).hasContent("x")
    }

    @Test
    fun `an output folder that cannot be created while writing ends in one line naming it, with status 1`(
        @TempDir directory: File,
    ) {
        val results = File(directory, "results.json").apply { writeText(ResultsJson.encode(ReportFixtures.results)) }
        // the report's charts go in results.json's folder, under charts/: a file of that name stands in the way
        File(directory, "charts").writeText("x")

        val report = main("report", results.path)

        assertThat(report.status).isEqualTo(1)
        assertThat(report.err.lines().filter { it.isNotBlank() }).singleElement().asString()
            .startsWith("serialbench report: ${File(directory, "charts").path}: it exists and is not a directory")
    }

    @Test
    fun `compare and report refuse a file with duplicate rows, a mean outside its range or forks without their means`(
        @TempDir directory: File,
    ) {
        val good = File(directory, "good.json").apply { writeText(ResultsJson.encode(ReportFixtures.results)) }
        val rows = ReportFixtures.results.results
        val duplicate = File(directory, "duplicate.json").apply {
            writeText(ResultsJson.encode(ReportFixtures.results.copy(results = rows + rows[0])))
        }
        val outside = File(directory, "outside.json").apply {
            writeText(
                ResultsJson.encode(
                    ReportFixtures.results.copy(
                        results =
                        listOf(rows[0].copy(meanNanos = 5.0)) + rows.drop(1),
                    ),
                ),
            )
        }

        val forksWithoutMeans = File(directory, "forks.json").apply {
            val bad = listOf(rows[0].copy(forks = 2)) + rows.drop(1)
            writeText(ResultsJson.encode(ReportFixtures.results.copy(results = bad)))
        }

        for ((file, problem) in listOf(
            duplicate to "the same row as results[0]",
            outside to "meanNanos = 5.0 is outside",
            forksWithoutMeans to "forkMeansNanos holds 0 means with forks = 2",
        )) {
            val compared = main("compare", file.path, good.path)
            assertThat(compared.status).isEqualTo(1)
            assertThat(compared.out).isEmpty()
            assertThat(compared.err.lines().filter { it.isNotBlank() }).singleElement().asString()
                .startsWith(
                    "serialbench compare: ${file.path}: results[",
                ).contains("(kotlinx-json serialize, shape flat, N = 10)", problem)
            val out = File(directory, "report-of-${file.nameWithoutExtension}")
            val reported = main("report", file.path, "--out", out.path)
            assertThat(reported.status).isEqualTo(1)
            assertThat(reported.err.lines().filter { it.isNotBlank() }).singleElement().asString().contains(problem)
            assertThat(out.listFiles().orEmpty()).isEmpty()
        }
    }

    @Test
    fun `compare and report refuse a directory, a robustness row that does not add up and no parallel pairs`(
        @TempDir directory: File,
    ) {
        val good = File(directory, "good.json").apply { writeText(ResultsJson.encode(ReportFixtures.results)) }
        val withRobustness = ReportFixtures.results.copy(robustness = ReportFixtures.robustness)
        val tree = Json.parseToJsonElement(ResultsJson.encode(withRobustness)).jsonObject

        fun edited(name: String, member: String, edit: (JsonObject) -> JsonElement) = File(directory, name).apply {
            writeText(JsonObject(tree + (member to edit(tree.getValue(member).jsonObject))).toString())
        }
        val notAddingUp = edited("robustness.json", "robustness") { robustness ->
            val rows = robustness.getValue("rows").jsonArray
            val first = rows[0].jsonObject
            val cases = first.getValue("cases").jsonPrimitive.int
            val row = JsonObject(first + ("cases" to JsonPrimitive(cases + 1)))
            JsonObject(robustness + ("rows" to JsonArray(listOf(row) + rows.drop(1))))
        }
        val noPairs = edited("pairs.json", "method") { method ->
            JsonObject(method + ("parallelPairs" to JsonArray(emptyList())))
        }
        for ((file, problem) in listOf(
            directory to "${directory.path}: a directory, not a file",
            notAddingUp to "${notAddingUp.path} is not a results file this version can read: robustness row ",
            noPairs to "${noPairs.path}: method.parallelPairs is empty",
        )) {
            for (command in listOf("compare", "report")) {
                val args = if (command == "compare") listOf(file.path, good.path) else listOf(file.path)
                val run = main(command, *args.toTypedArray())
                assertThat(run.status).describedAs("$command ${file.name}").isEqualTo(1)
                assertThat(run.err.lines().filter { it.isNotBlank() }).singleElement().asString().contains(problem)
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        value = [
            "--jmh|a JMH cross-check results file (jmh-results.json)|Fields [date, jvmFlags, scores] are required|" +
                "scores[0] (kotlinx-json serialize, N = 1000): forks = 0",
            "--e2e|an end-to-end results file (e2e-results.json)|Unexpected JSON token at offset |" +
                "rows[0] (kotlinx-json, shape flat, N = 1000, 0 threads, new connections): threads = 0",
        ],
    )
    fun `report refuses another run's file of the wrong kind or with impossible figures naming the flag`(
        flag: String,
        kind: String,
        wrongKind: String,
        impossible: String,
        @TempDir directory: File,
    ) {
        val results = File(directory, "results.json").apply { writeText(ResultsJson.encode(ReportFixtures.results)) }
        val bad = File(directory, "bad.json").apply {
            if (flag == "--jmh") {
                writeText(
                    ResultsJson.encodeJmh(
                        ReportFixtures.jmh.copy(scores = listOf(ReportFixtures.jmh.scores[0].copy(forks = 0))),
                    ),
                )
            } else {
                val rows = E2eFixtures.results.rows
                writeText(
                    E2eResultsJson.encode(
                        E2eFixtures.results.copy(
                            rows =
                            listOf(rows[0].copy(threads = 0)) + rows.drop(1),
                        ),
                    ),
                )
            }
        }
        val out = File(directory, "out")

        for ((file, problem) in listOf(
            results to "${results.path} is not $kind this version can read: $wrongKind",
            bad to "${bad.path}: $impossible",
        )) {
            val run = main("report", results.path, flag, file.path, "--out", out.path)
            assertThat(run.status).isEqualTo(1)
            assertThat(run.err.lines().filter { it.isNotBlank() }).singleElement().asString()
                .startsWith("serialbench report: $flag $problem")
        }
        assertThat(out.listFiles().orEmpty()).isEmpty()
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        value = [
            "a fork mean of NaN|\"forkMeansNanos\": []|\"forkMeansNanos\": [\"NaN\"]|forkMeansNanos",
            "a fork mean of Infinity|\"forkMeansNanos\": []|\"forkMeansNanos\": [\"Infinity\"]|forkMeansNanos",
            "a fork mean of -Infinity|\"forkMeansNanos\": []|\"forkMeansNanos\": [\"-Infinity\"]|forkMeansNanos",
            "a mean of NaN|\"meanNanos\": |\"meanNanos\": \"NaN\", \"was\": |meanNanos",
            "a median of Infinity|\"medianNanos\": |\"medianNanos\": \"Infinity\", \"was\": |medianNanos",
            "a mean of 1e400|\"meanNanos\": |\"meanNanos\": 1e400, \"was\": |meanNanos",
            "forks of 2.0|\"forks\": 0|\"forks\": 2.0|forks",
        ],
    )
    fun `compare and report refuse a value kotlinx cannot read in one line naming the file and the field`(
        case: String,
        find: String,
        replacement: String,
        field: String,
        @TempDir directory: File,
    ) {
        val good = File(directory, "good.json").apply { writeText(ResultsJson.encode(ReportFixtures.results)) }
        val text = good.readText()
        assertThat(text).describedAs("the fixture's text").contains(find)
        val bad = File(directory, "bad.json").apply { writeText(text.replaceFirst(find, replacement)) }

        val compared = main("compare", bad.path, good.path)
        val out = File(directory, "out")
        val reported = main("report", bad.path, "--out", out.path)

        for (run in listOf(compared, reported)) {
            assertThat(run.status).describedAs(case).isEqualTo(1)
            assertThat(run.err.lines().filter { it.isNotBlank() }).describedAs(case).singleElement().asString()
                .contains("${bad.path} is not a results file this version can read: ", "\$.results[0].$field")
        }
        assertThat(out.listFiles().orEmpty()).isEmpty()
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        value = [
            "-XX:+NoSuchFlag|Unrecognized VM option 'NoSuchFlag'",
            "-Xmx512m -foo|Unrecognized option: -foo",
            "-Xmx1m|Error occurred during initialization of VM; Too small maximum heap",
        ],
    )
    fun `forks whose JVM flags no JVM starts with end the run in one line naming what the JVM said`(
        flags: String,
        said: String,
    ) {
        refusedBeforeForks("bench.jvmArgs=$flags")
            .startsWith("serialbench run: bench.jvmArgs: the forks' flags `$flags` (given by bench.jvmArgs) ")
            .contains("do not start a JVM: $said")
            .doesNotContain("Could not create the Java Virtual Machine")
    }

    @Test
    fun `a bounded-memory heap no JVM starts with ends the run before its forks, naming the option`() {
        refusedBeforeForks("bench.streaming=true", "bench.streaming.memoryHeap=1k")
            .startsWith("serialbench run: bench.streaming.memoryHeap='1k': `-Xmx1k` does not start a JVM: ")
            .contains("Too small maximum heap")
    }

    /** The one line of a short run with one fork and [options] that ends, with status 1, before its first fork. */
    private fun refusedBeforeForks(vararg options: String): AbstractStringAssert<*> {
        val run = main(
            "run",
            "bench.codecs=kotlinx-json",
            "bench.sizes=10",
            "bench.repetitions=3",
            "bench.forks=1",
            "bench.robustness.cases=0",
            *options,
        )
        assertThat(run.status).isEqualTo(1)
        assertThat(run.out).doesNotContain("fork 1 of codec")
        return assertThat(run.err.lines().filter { it.isNotBlank() }).singleElement().asString()
    }
}
