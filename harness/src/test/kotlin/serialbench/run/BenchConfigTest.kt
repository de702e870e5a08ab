package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder
import serialbench.cli.Main
import serialbench.codecs.Codecs
import serialbench.report.ReportFixtures
import serialbench.results.ResultsJson
import serialbench.results.Stability
import serialbench.shapes.Shapes
import serialbench.shapes.upload.UploadShape
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.PrintStream

@Order(TestOrder.UNIT)
class BenchConfigTest {
    @Test
    fun `unset properties take the documented defaults`() {
        val config = BenchConfig.from { null }
        assertThat(config.sizesOf(Shapes.FLAT)).containsExactly(10, 100, 1000, 10000, 100000)
        assertThat(config.shapes).containsExactly("flat")
        assertThat(config.forks).isEqualTo(5)
        assertThat(config.robustnessCases).isEqualTo(1000)
        assertThat(config.repetitions).isEqualTo(100)
        assertThat(config.threads).isEqualTo(Runtime.getRuntime().availableProcessors())
        assertThat(config.codecs).isEqualTo(Codecs.ids)
    }

    @Test
    fun `set properties are parsed`() {
        val properties = mapOf(
            "bench.sizes" to "10, 1000",
            "bench.repetitions" to "5",
            "bench.warmup" to "3",
            "bench.warmupMillis" to "20",
            "bench.threads" to "4",
            "bench.codecs" to "kotlinx-cbor,kotlinx-json",
            "bench.seed" to "-12",
        )
        val config = BenchConfig.from(properties::get)
        val read = listOf(
            config.requestedSizes,
            config.repetitions,
            config.warmup,
            config.warmupMillis,
            config.threads,
            config.codecs,
            config.seed,
        )
        assertThat(read).containsExactly(listOf(10, 1000), 5, 3, 20L, 4, listOf("kotlinx-cbor", "kotlinx-json"), -12L)
        assertThat(config.asProperties()).isEqualTo(properties.mapValues { it.value.replace(" ", "") })
        assertThat(BenchConfig.from(config.asProperties())).isEqualTo(config)
    }

    @ParameterizedTest
    @CsvSource(
        delimiter = '|',
        value = [
            "bench.sizes|10,x|bench.sizes='10,x': 'x' is not a number; allowed: comma-separated distinct positive " +
                "integers up to 10000000, e.g. 10,1000",
            "bench.sizes|10,0|bench.sizes='10,0': 0 is not positive; allowed: comma-separated distinct positive " +
                "integers up to 10000000, e.g. 10,1000",
            "bench.repetitions|-3|bench.repetitions='-3': -3 is not positive; allowed: a positive integer up to " +
                "1000000",
            "bench.repetitions|ten|bench.repetitions='ten': 'ten' is not a number; allowed: a positive integer up " +
                "to 1000000",
            "bench.warmup|0|bench.warmup='0': 0 is not positive; allowed: a positive integer up to 1000000",
            "bench.warmupMillis|1.5|bench.warmupMillis='1.5': '1.5' is not a number; allowed: a positive integer up " +
                "to 60000",
            "bench.threads|0|bench.threads='0': 0 is not positive; allowed: a positive integer up to 256",
            "bench.forks|-1|bench.forks='-1': -1 is below the bound 0; allowed: 0 (every codec in the benchmark's " +
                "JVM) or a positive integer up to 100",
            "bench.seed|abc|bench.seed='abc' is not a number; allowed: any 64-bit integer",
            "bench.streaming|yes|bench.streaming='yes' is not a boolean; allowed: true or false",
            "bench.streaming.memorySize|-1|bench.streaming.memorySize='-1': -1 is below the bound 0; allowed: 0 (no " +
                "bounded-memory decode) or a positive integer",
            "bench.streaming.memoryHeap|256|bench.streaming.memoryHeap='256' is not a heap size; allowed: a " +
                "positive integer followed by k, m or g, as -Xmx takes it (e.g. 256m)",
            "bench.io|stream,disk|bench.io='stream,disk': unknown I/O path 'disk'; allowed: string, bytes, stream, " +
                "file (comma-separated) or all",
            "bench.io|file,file|bench.io='file,file': 'file' is given more than once; allowed: distinct I/O paths " +
                "among string, bytes, stream, file (comma-separated) or all",
        ],
    )
    fun `a bad value fails with the property, the value and what is allowed`(
        name: String,
        value: String,
        message: String,
    ) {
        assertThatThrownBy { BenchConfig.from(mapOf(name to value)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(message)
    }

    @Test
    fun `I O paths are none unless asked, then the ones named, in order, or all of them`() {
        val defaults = BenchConfig.from { null }
        assertThat(defaults.io).isEmpty()
        assertThat(defaults.asProperties()).doesNotContainKey("bench.io")
        val named = BenchConfig.from(mapOf("bench.io" to "file, string")::get)
        assertThat(named.io.map { it.id }).containsExactly("file", "string")
        assertThat(named.asProperties()).containsEntry("bench.io", "file,string")
        assertThat(
            BenchConfig.from(mapOf("bench.io" to "all")::get).io.map {
                it.id
            },
        ).containsExactly("string", "bytes", "stream", "file")
    }

    @Test
    fun `decoding from a stream is off unless asked, and its bounded-memory decode takes a size and a heap`() {
        val defaults = BenchConfig.from { null }
        assertThat(defaults.streaming).isFalse()
        assertThat(defaults.asProperties()).doesNotContainKey("bench.streaming")
        val properties = mapOf(
            "bench.streaming" to "TRUE",
            "bench.streaming.memorySize" to "20000",
            "bench.streaming.memoryHeap" to "2g",
        )
        val config = BenchConfig.from(properties::get)
        assertThat(
            listOf(config.streaming, config.streamingMemorySize, config.streamingMemoryHeap),
        ).containsExactly(true, 20_000, "2g")
        assertThat(config.asProperties()).containsEntry("bench.streaming", "true")
            .containsEntry("bench.streaming.memorySize", "20000").containsEntry("bench.streaming.memoryHeap", "2g")
        assertThat(defaults.streamingMemorySize).isEqualTo(1_000_000)
        assertThatThrownBy { BenchConfig.from((properties + ("bench.streaming.memorySize" to "0"))::get) }
            .hasMessage(
                "bench.streaming.memoryHeap='2g' has no effect with bench.streaming.memorySize=0, which reads no " +
                    "list in a bounded heap; allowed: a size above 0, or leave it out",
            )
        assertThat(StreamingMemory.heapBytes("256m")).isEqualTo(256L * 1024 * 1024)
    }

    @Test
    fun `sizes with a file and no shapes, and a classpath without a model, are refused as having no effect`(
        @TempDir directory: File,
    ) {
        val file = File(directory, "orders.json").apply { writeText("[{\"id\":1}]") }
        assertThatThrownBy { BenchConfig.from(mapOf("bench.input" to file.path, "bench.sizes" to "1000")::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("bench.sizes='1000' has no effect: with bench.input and no bench.shapes")
        val beside = mapOf("bench.input" to file.path, "bench.sizes" to "1000", "bench.shapes" to "flat")
        assertThat(BenchConfig.from(beside::get).requestedSizes).containsExactly(1000)
        assertThatThrownBy { BenchConfig.from(mapOf("bench.classpath" to directory.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("bench.classpath has no effect without bench.model")
    }

    @Test
    fun `a document set with none of the codecs it times is refused as having no effect, one of them is enough`() {
        assertThatThrownBy {
            BenchConfig.from(mapOf("bench.codecs" to "gson,jackson", "bench.documentSet" to "card-1kb")::get)
        }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.documentSet='card-1kb' has no effect: bench.codecs=gson,jackson holds none of the codecs the " +
                    "set times, each parallel codec and its engine (kotlinx-json-parallel, kotlinx-json, " +
                    "fastjson2-parallel, fastjson2); allowed: bench.documentSet with one of them in bench.codecs, " +
                    "or leave it out",
            )
        for (codec in listOf("kotlinx-json", "fastjson2-parallel")) {
            val withOne = mapOf("bench.codecs" to "gson,$codec", "bench.documentSet" to "card-1kb")
            assertThat(BenchConfig.from(withOne::get).documentSet.map { it.id }).containsExactly("card-1kb")
        }
        assertThat(BenchConfig.from(mapOf("bench.documentSet" to "all")::get).documentSet).isNotEmpty()
        assertThat(BenchConfig.from(mapOf("bench.codecs" to "gson")::get).documentSet).isEmpty()
    }

    @Test
    fun `a ceiling with no engine of a parallel codec, or with a file measured alone, is refused as having no effect`(
        @TempDir directory: File,
    ) {
        val parallelOnly = mapOf("bench.codecs" to "kotlinx-json-parallel,fastjson2-parallel,gson")
        assertThatThrownBy { BenchConfig.from((parallelOnly + ("bench.ceiling" to "true"))::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.ceiling='true' has no effect: bench.codecs=kotlinx-json-parallel,fastjson2-parallel,gson " +
                    "holds none of the codecs it times, the engines a parallel codec drives (kotlinx-json, " +
                    "fastjson2); allowed: bench.ceiling with one of them in bench.codecs, or leave it out",
            )
        assertThat(BenchConfig.from((parallelOnly + ("bench.ceiling" to "false"))::get).ceiling).isFalse()
        val engine = mapOf("bench.codecs" to "fastjson2,gson", "bench.ceiling" to "true")
        assertThat(BenchConfig.from(engine::get).ceiling).isTrue()
        assertThat(BenchConfig.from(mapOf("bench.ceiling" to "true")::get).ceiling).isTrue()
        val file = File(directory, "orders.json").apply { writeText("[{\"id\":1}]") }
        assertThatThrownBy { BenchConfig.from(mapOf("bench.input" to file.path, "bench.ceiling" to "true")::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("bench.ceiling='true' has no effect: with bench.input and no bench.shapes")
        val beside = mapOf("bench.input" to file.path, "bench.ceiling" to "true", "bench.shapes" to "flat")
        assertThat(BenchConfig.from(beside::get).ceiling).isTrue()
    }

    @Test
    fun `an unknown codec id fails with the valid ids`() {
        assertThatThrownBy { BenchConfig.from(mapOf("bench.codecs" to "kotlinx-json,xml")::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.codecs='kotlinx-json,xml': unknown codec id 'xml'; allowed: ${Codecs.ids.joinToString(", ")}",
            )
    }

    @Test
    fun `the baseline is kotlinx-json, or the first codec of a run without it, or the one named`() {
        assertThat(BenchConfig.from { null }.baseline).isEqualTo("kotlinx-json")
        assertThat(BenchConfig.from(mapOf("bench.codecs" to "jackson,fory")::get).baseline).isEqualTo("jackson")
        assertThat(BenchConfig.from(mapOf("bench.baseline" to "fory")::get).baseline).isEqualTo("fory")
    }

    @Test
    fun `a baseline outside the run fails with the codecs it may be`() {
        assertThatThrownBy {
            BenchConfig.from(mapOf("bench.codecs" to "jackson,fory", "bench.baseline" to "gson")::get)
        }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("bench.baseline='gson' is not among bench.codecs=jackson,fory; allowed: one of jackson, fory")
        assertThatThrownBy { BenchConfig.from(mapOf("bench.codecs" to "jackson,fory", "bench.baseline" to "xml")::get) }
            .hasMessage("bench.baseline='xml' is not a codec id; allowed: one of jackson, fory")
    }

    @Test
    fun `previous results must be a readable file, checked before anything runs`(@TempDir directory: File) {
        val missing = File(directory, "nothing.json")
        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.results" to missing.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("bench.baseline.results='${missing.path}': no such file")
        val present = File(directory, "benchmark-results.json").apply {
            writeText(ResultsJson.encode(ReportFixtures.results))
        }
        val config = BenchConfig.from(mapOf("bench.baseline.results" to present.path)::get)
        assertThat(config.baselineResults).isEqualTo(present)
        assertThat(config.previousResults()).isEqualTo(ReportFixtures.results)
        assertThat(config.asProperties()).containsEntry("bench.baseline.results", present.path)
            .doesNotContainKey("bench.baseline.threshold")
        assertThat(config.inForce()).containsEntry("bench.baseline.threshold", "10.0")
        val stricter = BenchConfig.from(
            mapOf(
                "bench.baseline.results" to present.path,
                "bench.baseline.threshold" to "2.5",
            )::get,
        )
        assertThat(stricter.baselineThresholdPercent).isEqualTo(2.5)
        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.threshold" to "-1")::get) }
            .hasMessage("bench.baseline.threshold='-1' is not a percentage; allowed: a number >= 0, e.g. 10 for 10%")
    }

    @ParameterizedTest
    @CsvSource(
        delimiter = '|',
        value = [
            "bench.sizes|10,100,10|bench.sizes='10,100,10': 10 is given more than once; allowed: comma-separated " +
                "distinct positive integers up to 10000000, e.g. 10,1000",
            "bench.codecs|jackson,fory,jackson|bench.codecs='jackson,fory,jackson': 'jackson' is given more than " +
                "once; allowed: distinct codec ids among ALL_CODECS",
            "bench.shapes|flat,flat|bench.shapes='flat,flat': 'flat' is given more than once; allowed: distinct " +
                "shapes among ALL_SHAPES",
        ],
    )
    fun `a value given twice in a list is refused, naming it`(name: String, value: String, message: String) {
        assertThatThrownBy { BenchConfig.from(mapOf(name to value)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                message.replace(
                    "ALL_CODECS",
                    Codecs.ids.joinToString(", "),
                ).replace("ALL_SHAPES", Shapes.ids.joinToString(", ")),
            )
    }

    @ParameterizedTest
    @CsvSource(
        delimiter = '|',
        value = [
            "bench.repetitions|2000000000|bench.repetitions='2000000000': 2000000000 is above the bound 1000000; " +
                "allowed: a positive integer up to 1000000",
            "bench.sizes|10,2147483647|bench.sizes='10,2147483647': 2147483647 is above the bound 10000000; " +
                "allowed: comma-separated distinct positive integers up to 10000000, e.g. 10,1000",
            "bench.sizes|99999999999999999999|bench.sizes='99999999999999999999': 99999999999999999999 is above the " +
                "bound 10000000; allowed: comma-separated distinct positive integers up to 10000000, e.g. 10,1000",
            "bench.warmup|1000001|bench.warmup='1000001': 1000001 is above the bound 1000000; allowed: a positive " +
                "integer up to 1000000",
            "bench.warmupMillis|2147483647|bench.warmupMillis='2147483647': 2147483647 is above the bound 60000; " +
                "allowed: a positive integer up to 60000",
            "bench.threads|100000|bench.threads='100000': 100000 is above the bound 256; allowed: a positive " +
                "integer up to 256",
            "bench.forks|101|bench.forks='101': 101 is above the bound 100; allowed: 0 (every codec in the " +
                "benchmark's JVM) or a positive integer up to 100",
            "bench.robustness.cases|100001|bench.robustness.cases='100001': 100001 is above the bound 100000; " +
                "allowed: 0 (no robustness cases) or a positive integer up to 100000",
        ],
    )
    fun `a value beyond its bound is refused before anything runs, naming property, value and bound`(
        name: String,
        value: String,
        message: String,
    ) {
        assertThatThrownBy { BenchConfig.from(mapOf(name to value)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(message)
    }

    @Test
    fun `the largest values within bounds are accepted`() {
        val properties = mapOf(
            "bench.repetitions" to "1000000",
            "bench.sizes" to "10000000",
            "bench.warmupMillis" to "60000",
            "bench.threads" to "256",
            "bench.robustness.cases" to "0",
        )
        val config = BenchConfig.from(properties::get)
        assertThat(
            listOf(
                config.repetitions,
                config.requestedSizes!!.single(),
                config.warmupMillis.toInt(),
                config.threads,
                config.robustnessCases,
            ),
        )
            .containsExactly(1_000_000, 10_000_000, 60_000, 256, 0)
    }

    @Test
    fun `a misspelt bench property is refused with the nearest known name`() {
        System.setProperty("bench.repetition", "5")
        try {
            assertThatThrownBy { BenchConfig.fromSystemProperties() }
                .isInstanceOf(IllegalArgumentException::class.java)
                .hasMessageStartingWith(
                    "bench.repetition='5' is not a known property; did you mean bench.repetitions? allowed: ",
                )
        } finally {
            System.clearProperty("bench.repetition")
        }
    }

    @Test
    fun `a corrupt previous results file is refused naming the property`(@TempDir directory: File) {
        val corrupt = File(directory, "benchmark-results.json").apply { writeText("{\"environment\": 3}") }
        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.results" to corrupt.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith(
                "bench.baseline.results='${corrupt.path}' is not a results file this version can read: ",
            )
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource("a directory", "an empty file", "a JMH results file", "a results file with stability of 0 ns")
    fun `previous results that are not a results file are refused in compare's one line, the option named`(
        case: String,
        @TempDir directory: File,
    ) {
        val file = when (case) {
            "a directory" -> File(directory, "results").apply { mkdir() }

            "an empty file" -> File(directory, "empty.json").apply { writeText("") }

            "a JMH results file" -> File(directory, "jmh.json").apply {
                writeText(ResultsJson.encodeJmh(ReportFixtures.jmh))
            }

            else -> File(directory, "stable.json").apply {
                val stability = Stability("a fixed workload", repetitions = 11, startNanos = 0.0, endNanos = 0.0)
                writeText(ResultsJson.encode(ReportFixtures.results.copy(stability = stability)))
            }
        }
        val compared = ByteArrayOutputStream()
        Main.run(listOf("compare", file.path, file.path), PrintStream(ByteArrayOutputStream()), PrintStream(compared))
        val problem = compared.toString().trim()
            .removePrefix("serialbench compare: ").removePrefix("results file ").removePrefix(file.path)

        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.results" to file.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("bench.baseline.results='${file.path}'$problem")
            .hasMessageNotContaining("\n")
    }

    @Test
    fun `the regression gate takes a percentage with a previous run, and is passed on to the report but not to forks`(
        @TempDir directory: File,
    ) {
        val present = File(directory, "benchmark-results.json").apply {
            writeText(ResultsJson.encode(ReportFixtures.results))
        }
        assertThat(
            BenchConfig.from(mapOf("bench.baseline.results" to present.path)::get).baselineFailOnPercent,
        ).isNull()
        val gated = BenchConfig.from(
            mapOf("bench.baseline.results" to present.path, "bench.baseline.failOn" to "7.5")::get,
        )
        assertThat(gated.baselineFailOnPercent).isEqualTo(7.5)
        assertThat(gated.asProperties()).containsEntry("bench.baseline.failOn", "7.5")
        assertThat(
            BenchConfig.from(
                mapOf("bench.baseline.results" to present.path, "bench.baseline.failOn" to "0")::get,
            ).baselineFailOnPercent,
        ).isEqualTo(0.0)
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        value = [
            "ten | bench.baseline.failOn='ten' is not a number; allowed: a percentage from 0 to 1000, e.g. 10 to " +
                "fail the run on a row significantly slower than the previous run by more than 10%",
            "-1 | bench.baseline.failOn='-1' is outside 0 to 1000; allowed: a percentage from 0 to 1000, e.g. 10 to " +
                "fail the run on a row significantly slower than the previous run by more than 10%",
            "1000.5 | bench.baseline.failOn='1000.5' is outside 0 to 1000; allowed: a percentage from 0 to 1000, " +
                "e.g. 10 to fail the run on a row significantly slower than the previous run by more than 10%",
            "NaN | bench.baseline.failOn='NaN' is not a number; allowed: a percentage from 0 to 1000, e.g. 10 to " +
                "fail the run on a row significantly slower than the previous run by more than 10%",
        ],
    )
    fun `a regression gate that is not a percentage in bounds is refused naming the property`(
        value: String,
        message: String,
        @TempDir directory: File,
    ) {
        val present = File(directory, "benchmark-results.json").apply {
            writeText(ResultsJson.encode(ReportFixtures.results))
        }
        assertThatThrownBy {
            BenchConfig.from(
                mapOf(
                    "bench.baseline.results" to present.path,
                    "bench.baseline.failOn" to value,
                )::get,
            )
        }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(message)
    }

    @Test
    fun `a regression gate without a previous run is refused`() {
        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.failOn" to "10")::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.baseline.failOn='10' needs bench.baseline.results, " +
                    "the previous run's benchmark-results.json to compare with; " +
                    "allowed: only together with bench.baseline.results",
            )
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(
        "meanNanos, -2000.0",
        "meanNanos, 0.0",
        "errorNanos, -5.0",
        "stdDevNanos, -1.0",
    )
    fun `a previous results file with an impossible figure is refused naming the file, the row and the field`(
        field: String,
        value: Double,
        @TempDir directory: File,
    ) {
        val rows = ReportFixtures.results.results.toMutableList()
        rows[5] = when (field) {
            "meanNanos" -> rows[5].copy(meanNanos = value)
            "errorNanos" -> rows[5].copy(errorNanos = value)
            else -> rows[5].copy(stdDevNanos = value)
        }
        val file = File(directory, "benchmark-results.json").apply {
            writeText(ResultsJson.encode(ReportFixtures.results.copy(results = rows)))
        }
        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.results" to file.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith(
                "bench.baseline.results='${file.path}': results[5] (kotlinx-json-parallel deserialize, shape flat, " +
                    "N = 10): $field = $value; ",
            )
    }

    @Test
    fun `a previous results file with a byte that is not UTF-8 is refused naming its offset`(@TempDir directory: File) {
        val text = ResultsJson.encode(ReportFixtures.results)
        val at = text.indexOf("Test CPU")
        val bytes = text.toByteArray()
        bytes[at] = 0xFF.toByte()
        val file = File(directory, "benchmark-results.json").apply { writeBytes(bytes) }
        assertThatThrownBy { BenchConfig.from(mapOf("bench.baseline.results" to file.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith(
                "bench.baseline.results='${file.path}' is not a results file this version can read: ",
            )
            .hasMessageContaining("Malformed UTF-8 at byte offset $at of ${bytes.size}")
    }

    @Test
    fun `an input file replaces the built-in shapes unless they are named, and is passed on to forks`(
        @TempDir directory: File,
    ) {
        val file = File(directory, "orders.json").apply { writeText("[1]") }
        val alone = BenchConfig.from(mapOf("bench.input" to file.path)::get)
        assertThat(alone.input).isEqualTo(file)
        assertThat(alone.shapes).isEmpty()
        assertThat(alone.asProperties()).containsEntry("bench.input", file.path).doesNotContainKey("bench.shapes")
        val fork = BenchConfig.from(alone.asProperties()::get)
        assertThat(fork.input).isEqualTo(file)
        assertThat(fork.shapes).isEmpty()
        val beside = BenchConfig.from(mapOf("bench.input" to file.path, "bench.shapes" to "flat")::get)
        assertThat(beside.shapes).containsExactly("flat")
        assertThat(beside.input).isEqualTo(file)
    }

    @Test
    fun `an input file that is not there fails with its absolute path, before anything runs`(@TempDir directory: File) {
        val missing = File(directory, "orders.json")
        assertThatThrownBy { BenchConfig.from(mapOf("bench.input" to missing.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.input='${missing.path}': no such file (absolute path ${missing.absolutePath}); allowed: a JSON file",
            )
        assertThatThrownBy { BenchConfig.from(mapOf("bench.input" to directory.path)::get) }
            .hasMessage(
                "bench.input='${directory.path}': a directory, not a file (absolute path ${directory.absolutePath}); allowed: a JSON file",
            )
    }

    @Test
    fun `upload content size is read, recorded when upload runs, and applied to the shape`() {
        val config = BenchConfig.from(mapOf("bench.shapes" to "events,upload", "bench.uploadBytes" to "1000")::get)
        assertThat(config.shapeSettings[UploadShape.CONTENT_BYTES]).isEqualTo(1000)
        assertThat(config.asProperties()).containsEntry("bench.uploadBytes", "1000")
        assertThat(config.shapeList.map { it.heapBytesPerElement }).containsExactly(
            Shapes.EVENTS.heapBytesPerElement,
            2 * 1000L + 4096,
        )
        assertThat(BenchConfig.from { null }.shapeSettings[UploadShape.CONTENT_BYTES]).isEqualTo(256 * 1024)
        assertThat(BenchConfig.from { null }.asProperties()).doesNotContainKey("bench.uploadBytes")
    }

    @ParameterizedTest
    @CsvSource(
        delimiter = '|',
        textBlock = """
        bench.baseline.threshold=5.0    | -                    | bench.baseline.threshold='5.0' has no effect without
        bench.streaming.memorySize=5    | bench.streaming=true | bench.streaming.memorySize='5' has no effect without
        bench.streaming.memoryHeap=256m | bench.streaming=true | bench.streaming.memoryHeap='256m' has no effect without
        bench.writeData=d bench.input=FILE | bench.shapes=flat | bench.writeData='d' has no effect: with bench.input""",
    )
    fun `an option whose part of the run does not run is refused as having no effect, and taken with its part`(
        options: String,
        withItsPart: String,
        refusal: String,
        @TempDir directory: File,
    ) {
        val file = File(directory, "orders.json").apply { writeText("[{\"id\":1}]") }
        fun parse(text: String) = text.split(' ').filter { it != "-" }.associate {
            it.substringBefore('=') to it.substringAfter('=').replace("FILE", file.path)
        }
        val given = parse(options)

        assertThatThrownBy { BenchConfig.from(given::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith(refusal)
        if (withItsPart !=
            "-"
        ) {
            assertThat(BenchConfig.from((given + parse(withItsPart))::get).asProperties()).isNotEmpty()
        }
    }

    @Test
    fun `an upload content size with no run of the upload shape is refused as having no effect`(
        @TempDir directory: File,
    ) {
        assertThatThrownBy { BenchConfig.from(mapOf("bench.uploadBytes" to "1000")::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.uploadBytes='1000' has no effect: it is an option of the shape upload, which is not among the " +
                    "shapes measured (flat); allowed: bench.uploadBytes with upload in bench.shapes, or leave it out",
            )
        assertThatThrownBy {
            BenchConfig.from(mapOf("bench.shapes" to "flat,events", "bench.uploadBytes" to "1000")::get)
        }.hasMessageStartingWith("bench.uploadBytes='1000' has no effect: it is an option of the shape upload, which")
            .hasMessageContaining("(flat,events)")
        val file = File(directory, "orders.json").apply { writeText("[{\"id\":1}]") }
        assertThatThrownBy { BenchConfig.from(mapOf("bench.input" to file.path, "bench.uploadBytes" to "1000")::get) }
            .hasMessageContaining("(none: with bench.input and no bench.shapes, the file)")
        val withUpload = mapOf("bench.input" to file.path, "bench.shapes" to "upload", "bench.uploadBytes" to "1000")
        assertThat(BenchConfig.from(withUpload::get).shapes).containsExactly("upload")
    }

    @ParameterizedTest
    @CsvSource(
        "-1|-1 is below the bound 0",
        "268435457|268435457 is above the bound 268435456",
        "1k|'1k' is not a number",
        "0.5|'0.5' is not a number",
        delimiter = '|',
    )
    fun `an upload content size that is not a byte count in range is refused`(value: String, what: String) {
        assertThatThrownBy { BenchConfig.from(mapOf("bench.uploadBytes" to value)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.uploadBytes='$value': $what; allowed: 0 to 268435456 (256 MiB), e.g. 262144 for 256 KiB",
            )
    }

    @Test
    fun `the data directory may exist or be creatable, and is recorded`(@TempDir directory: File) {
        val missing = File(directory, "a/b")
        val config = BenchConfig.from(mapOf("bench.writeData" to missing.path)::get)
        assertThat(config.writeData).isEqualTo(missing)
        assertThat(config.asProperties()).containsEntry("bench.writeData", missing.path)
        assertThat(missing).doesNotExist()
        assertThat(BenchConfig.from(mapOf("bench.writeData" to directory.path)::get).writeData).isEqualTo(directory)
    }

    @Test
    fun `a data directory blocked by a file is refused before anything runs, naming what is in the way`(
        @TempDir directory: File,
    ) {
        val file = File(directory, "results.txt").apply { writeText("x") }
        assertThatThrownBy { BenchConfig.from(mapOf("bench.writeData" to file.path)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.writeData='${file.path}': it exists and is not a directory " +
                    "(absolute path ${file.absolutePath}); " +
                    "allowed: a writable directory, created if missing",
            )
        val below = File(file, "data")
        assertThatThrownBy { BenchConfig.from(mapOf("bench.writeData" to below.path)::get) }
            .hasMessage(
                "bench.writeData='${below.path}': it cannot be created: ${file.absolutePath} is not a directory " +
                    "(absolute path ${below.absolutePath}); allowed: a writable directory, created if missing",
            )
    }
}
