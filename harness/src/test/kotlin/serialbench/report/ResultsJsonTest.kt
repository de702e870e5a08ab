package serialbench.report

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.results.JmhFormat
import serialbench.results.ResultsCsv
import serialbench.results.ResultsJson
import java.io.File
import javax.imageio.ImageIO
import javax.xml.parsers.DocumentBuilderFactory

@Order(TestOrder.UNIT)
class ResultsJsonTest {
    @Test
    fun `results carry one row per codec, operation and size with the documented field names`() {
        val tree = Json.parseToJsonElement(ResultsJson.encode(ReportFixtures.results)).jsonObject
        assertThat(tree.keys).containsExactly(
            "environment", "results", "coldStart", "method", "unsupported", "streaming", "streamingMemory", "ioPaths",
            "ceiling", "documentSet", "robustness", "stability", "walkStability", "phaseNanos", "forkMachines",
            "gzipSizes",
        )
        val first = tree.getValue("results").jsonArray.first().jsonObject
        assertThat(first.getValue("codec").jsonPrimitive.content).isEqualTo("kotlinx-json")
        assertThat(first.getValue("operation").jsonPrimitive.content).isEqualTo("serialize")
        assertThat(first.keys).contains(
            "shape", "forks", "forkMeansNanos", "size", "repetitions", "meanNanos", "minNanos", "maxNanos",
            "medianNanos", "stdDevNanos", "varianceNanosSquared", "errorNanos", "p90Nanos", "p99Nanos",
            "lowOutliers", "highOutliers", "driftPercent", "baseline", "ratio", "ratioStdDev",
            "allocatedBytesPerOp", "gcCount", "gcTimeMillis", "jitTimeMillis", "payloadBytes", "gzipBytes",
            "compressionRatio",
        )
        assertThat(tree.getValue("results").jsonArray).hasSize(8)
    }

    @Test
    fun `decodes from a stream carry their path, decoder and time to the first element, and read back equal`() {
        val results = ReportFixtures.results.copy(
            streaming = ReportFixtures.streaming,
            streamingMemory = ReportFixtures.streamingMemory,
        )
        val tree = Json.parseToJsonElement(ResultsJson.encode(results)).jsonObject
        val row = tree.getValue("streaming").jsonArray.first().jsonObject
        assertThat(row.getValue("io").jsonPrimitive.content).isEqualTo("stream")
        assertThat(row.getValue("decoder").jsonPrimitive.content).isEqualTo("mapper")
        assertThat(row.getValue("operation").jsonPrimitive.content).isEqualTo("deserialize")
        assertThat(row.keys).contains(
            "meanNanos",
            "firstElementNanos",
            "firstElementMedianNanos",
            "firstElementErrorNanos",
            "adapted",
        )
        assertThat(tree.getValue("streamingMemory").jsonArray.last().jsonObject.keys).contains(
            "codec", "decoder", "shape", "size", "inputBytes", "maxHeapBytes", "source", "jvmFlags", "elements",
            "elapsedNanos", "heapBeforeBytes", "peakHeapAfterGcBytes", "gcCount", "notMeasured",
        )
        assertThat(ResultsJson.decode(ResultsJson.encode(results))).isEqualTo(results)
        assertThat(ResultsJson.decode(ResultsJson.encode(ReportFixtures.results)).results).allSatisfy {
            assertThat(it.io).isNull()
        }
    }

    @Test
    fun `results read back equal to what was written`() {
        assertThat(ResultsJson.decode(ResultsJson.encode(ReportFixtures.results))).isEqualTo(ReportFixtures.results)
        val withRobustness = ReportFixtures.results.copy(robustness = ReportFixtures.robustness)
        assertThat(ResultsJson.decode(ResultsJson.encode(withRobustness))).isEqualTo(withRobustness)
    }

    @Test
    fun `a results file from before the statistics were added still reads, with the new figures absent`() {
        val environment = Json.parseToJsonElement(ResultsJson.encode(ReportFixtures.results)).jsonObject
            .getValue("environment")
        val old = """
            {"environment": $environment,
             "results": [{"codec": "jackson", "codecName": "Jackson", "format": "JSON", "operation": "deserialize", "size": 10,
               "repetitions": 100, "meanNanos": 2000.0, "medianNanos": 1900.0, "minNanos": 1500, "maxNanos": 9000,
               "stdDevNanos": 300.0, "payloadBytes": 13460, "gzipBytes": 4486, "someFutureField": true}]}
        """
        assertThat(ResultsJson.decode(old).documentSet).describedAs("no document set before it was measured").isEmpty()
        val row = ResultsJson.decode(old).results.single()
        assertThat(row.meanNanos).isEqualTo(2000.0)
        assertThat(row.errorNanos).isNull()
        assertThat(row.allocatedBytesPerOp).isNull()
        assertThat(row.varianceNanosSquared).isEqualTo(90_000.0)
        assertThat(row.compressionRatio).isCloseTo(3.0004, org.assertj.core.api.Assertions.within(1e-4))
    }

    @Test
    fun `a file that is not a results file fails with its path`(@TempDir directory: File) {
        val file = File(directory, "notes.json").apply { writeText("[1, 2]") }
        assertThatThrownBy { ReportFiles.readResults(file) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("${file.path} is not a results file this version can read: ")
    }

    @Test
    fun `report files, charts included, are written where asked`(@TempDir directory: File) {
        val files = ReportFiles(directory)
        files.write(ReportFixtures.results)
        assertThat(files.markdown.readText()).isEqualTo(MarkdownReport.render(ReportFixtures.results))
        assertThat(ResultsJson.decode(files.json.readText())).isEqualTo(ReportFixtures.results)
        assertThat(files.jmhFormat).hasName("benchmark-jmh.json").hasContent(JmhFormat.render(ReportFixtures.results))
        assertThat(files.csv).hasName("benchmark-results.csv").hasContent(ResultsCsv.render(ReportFixtures.results))
        val linked = Regex("""\]\((charts/[^)]+)\)""").findAll(files.markdown.readText()).map {
            it.groupValues[1]
        }.toList()
        assertThat(linked).hasSize(8)
        for (path in linked) {
            val file = File(directory, path)
            assertThat(file).isNotEmpty()
            if (path.endsWith(".png")) {
                val image = ImageIO.read(file)
                assertThat(image).describedAs(path).isNotNull()
                assertThat(image.width).isEqualTo(960)
                assertThat(image.height).isEqualTo(560)
            } else {
                val factory = DocumentBuilderFactory.newInstance().apply {
                    // the SVG names the W3C DTD; this machine may have no network to fetch it
                    setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false)
                }
                val svg = factory.newDocumentBuilder().parse(file).documentElement
                assertThat(svg.tagName).isEqualTo("svg")
                assertThat(svg.getElementsByTagName("*").length).describedAs(path).isGreaterThan(50)
            }
        }
    }

    @Test
    fun `the report holds only its inputs, whatever other runs left in the folder`(@TempDir directory: File) {
        val files = ReportFiles(directory)
        files.writeJmh(ReportFixtures.jmh, ReportFixtures.results)
        files.jmhJson.writeText("{\"date\": 1}")
        files.write(ReportFixtures.results)
        assertThat(ResultsJson.decode(files.json.readText())).isEqualTo(ReportFixtures.results)
        assertThat(files.markdown.readText())
            .isEqualTo(MarkdownReport.render(ReportFixtures.results)).doesNotContain("## Harness vs JMH")
        assertThatThrownBy {
            ReportFiles.readJmh(files.jmhJson)
        }.hasMessageStartingWith("${files.jmhJson.path} is not ${ReportFiles.JMH_KIND} this version can read")
    }

    @Test
    fun `JMH scores read back, and without a file there are none`(@TempDir directory: File) {
        val files = ReportFiles(directory)
        assertThat(files.readJmh()).isNull()
        files.writeJmh(ReportFixtures.jmh, ReportFixtures.results)
        assertThat(files.readJmh()).isEqualTo(ReportFixtures.jmh)
        assertThat(files.jmhMarkdown.readText())
            .startsWith("## Harness vs JMH\n").contains("| `kotlinx-json`          | serialize   |  1,000 |")
    }
}
