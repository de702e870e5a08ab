package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import serialbench.results.FileOutline
import serialbench.results.JsonTopLevel
import serialbench.results.ModelInfo

/** A model measured as its one document is "the document"; the measuring JVMs' flags say where they come from. */
class OneDocumentReportTest {
    private val outline = FileOutline("docs/doc.json", "doc.json", 1_000, JsonTopLevel.OBJECT, elements = 5, depth = 3)

    private fun report(measuredAsDocument: Boolean, origin: String = ""): String {
        val model =
            ModelInfo("com.example.Doc", outline, emptyList(), "kotlinx-json", measuredAsDocument = measuredAsDocument)
        val method = ReportFixtures.method.copy(
            shapes = ReportFixtures.method.shapes.map { it.copy(model = model) },
            jvmFlagsOrigin = origin,
        )
        return MarkdownReport.render(ReportFixtures.results.copy(method = method))
    }

    @Test
    fun `a one-document model measured as itself is the document in headings, not N = 1`() {
        assertThat(report(measuredAsDocument = true))
            .contains("### the document\n", "## Ranking on the document\n")
            .contains("every codec is measured on the document itself")
            .doesNotContain("### N = ", "## Ranking at N = ", "as a list of one")
    }

    @Test
    fun `a results file from before, which measured a list of one, still says so`() {
        assertThat(report(measuredAsDocument = false))
            .contains("the document as a list of one", "### N = ")
            .doesNotContain("### the document")
    }

    @Test
    fun `the test conditions name the measuring JVMs' flags and why, where the results record it`() {
        assertThat(report(measuredAsDocument = false, origin = "chosen for the test"))
            .contains("- The JVMs that measured had `-Xmx8g -XX:+UseG1GC`: chosen for the test.\n")
        assertThat(report(measuredAsDocument = false)).doesNotContain("The JVMs that measured had")
    }
}
