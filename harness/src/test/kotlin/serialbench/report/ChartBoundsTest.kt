package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.results.ResultRow
import java.io.File
import java.util.concurrent.TimeUnit

/**
 * Charts whatever the figures: a report of rows no axis can show (times of 1e30 ns or 9e18 ns beside 1 ns) is
 * drawn with those points clamped and the report says so, rather than the chart library's axis searching for
 * ticks for minutes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ChartBoundsTest {
    @ParameterizedTest(name = "parallel codec at {0} ns, engine at {1} ns")
    @CsvSource("1e30, 3e6", "9e18, 1", "1, 9e18", "1e-300, 3e6")
    fun `absurd figures are drawn clamped within seconds, and the report says which`(
        absurdNanos: Double,
        otherNanos: Double,
        @TempDir directory: File,
    ) {
        val results = ReportFixtures.results.copy(
            results = ReportFixtures.results.results.map { row ->
                when {
                    row.codec == "kotlinx-json-parallel" && row.size == 1000 -> absurd(row, absurdNanos)
                    row.codec == "kotlinx-json" && row.size == 1000 -> absurd(row, otherNanos)
                    else -> row
                }
            },
        )

        val written = Charts.write(directory, results)

        assertThat(written).isNotEmpty().allSatisfy { assertThat(it).isNotEmpty() }
        assertThat(MarkdownReport.render(results)).contains(ChartsSection.CLAMPED_NOTE_START)
    }

    @Test
    fun `figures an axis can show are drawn as they are, the others at its edge`() {
        assertThat(ChartValues.clamp(0.001, ChartValues.MILLIS)).isEqualTo(0.001)
        assertThat(ChartValues.clamp(1e-300, ChartValues.MILLIS)).isEqualTo(ChartValues.MILLIS.start)
        assertThat(ChartValues.clamp(1e300, ChartValues.SPEEDUP)).isEqualTo(ChartValues.SPEEDUP.endInclusive)
        assertThat(ChartValues.clamp(Double.NaN, ChartValues.SPEEDUP)).isEqualTo(ChartValues.SPEEDUP.start)
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain(ChartsSection.CLAMPED_NOTE_START)
    }

    private fun absurd(row: ResultRow, nanos: Double) = row.copy(
        meanNanos = nanos,
        medianNanos = nanos,
        minNanos = nanos.toLong(),
        maxNanos = nanos.toLong(),
        errorNanos = 0.0,
    )
}
