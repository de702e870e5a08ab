package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

/** The test conditions' line on calls per repetition, rendered from the results alone. */
@Order(TestOrder.UNIT)
class RepetitionCallsTest {
    private val results = ReportFixtures.results

    @Test
    fun `a run whose short calls were timed several at a time says which rows did, and how many calls`() {
        val rows = results.results.map { row ->
            if (row.size >
                10
            ) {
                row
            } else {
                row.copy(callsPerRepetition = listOf(if (row.operation.ordinal == 0) 40 else 64))
            }
        }
        val run = results.copy(results = rows, method = results.method?.copy(minRepetitionMicros = 1_000))
        val line = RepetitionCalls.line(run)
        assertThat(line)
            .startsWith("- A timed repetition lasts at least 1,000 us:")
            .endsWith("Here 4 of ${rows.size} rows did, 40 to 64 calls per repetition.")
        assertThat(MarkdownReport.render(run)).contains(line)
    }

    @Test
    fun `a run whose documents were timed in longer repetitions says how long, a file from before nothing of them`() {
        val method = results.method?.copy(minRepetitionMicros = 1_000, documentMinRepetitionMicros = 10_000)
        assertThat(RepetitionCalls.line(results.copy(method = method)))
            .contains("A document's (`bench.input`, `bench.model`, the document set) lasts at least 10,000 us")
        assertThat(RepetitionCalls.line(results.copy(method = method?.copy(documentMinRepetitionMicros = 0))))
            .startsWith("- A timed repetition lasts at least 1,000 us:")
            .doesNotContain("A document's")
    }

    @Test
    fun `a run whose calls were all longer says each repetition was one call`() {
        val line = RepetitionCalls.line(results.copy(method = results.method?.copy(minRepetitionMicros = 1_000)))
        assertThat(line).endsWith("Here every call was longer: one call per repetition.")
    }

    @Test
    fun `a run without a least length says one call, a file without its method nothing`() {
        assertThat(RepetitionCalls.line(results)).isEqualTo("- Each timed repetition made one call.")
        assertThat(RepetitionCalls.line(ReportFixtures.legacyResults)).isNull()
    }
}
