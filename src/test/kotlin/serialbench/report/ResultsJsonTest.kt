package serialbench.report

import java.nio.file.Files
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class ResultsJsonTest {
    @Test
    fun `results carry one row per codec, operation and size with the documented field names`() {
        val tree = Json.parseToJsonElement(ResultsJson.encode(ReportFixtures.results)).jsonObject
        assertThat(tree.keys).containsExactly("environment", "results")
        val first = tree.getValue("results").jsonArray.first().jsonObject
        assertThat(first.getValue("codec").jsonPrimitive.content).isEqualTo("kotlinx-json")
        assertThat(first.getValue("operation").jsonPrimitive.content).isEqualTo("serialize")
        assertThat(first.keys).contains("size", "repetitions", "meanNanos", "minNanos", "maxNanos", "medianNanos", "payloadBytes")
        assertThat(tree.getValue("results").jsonArray).hasSize(8)
    }

    @Test
    fun `results read back equal to what was written`() {
        assertThat(ResultsJson.decode(ResultsJson.encode(ReportFixtures.results))).isEqualTo(ReportFixtures.results)
    }

    @Test
    fun `report files are written where asked`() {
        val directory = Files.createTempDirectory("serialbench").toFile()
        val files = ReportFiles(directory)
        files.write(ReportFixtures.results)
        assertThat(files.markdown.readText()).isEqualTo(MarkdownReport.render(ReportFixtures.results))
        assertThat(ResultsJson.decode(files.json.readText())).isEqualTo(ReportFixtures.results)
        directory.deleteRecursively()
    }
}
