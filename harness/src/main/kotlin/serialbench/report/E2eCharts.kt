package serialbench.report

import org.knowm.xchart.CategoryChart
import org.knowm.xchart.CategoryChartBuilder
import org.knowm.xchart.style.Styler
import serialbench.results.E2eRow

/**
 * The end-to-end report's charts: per shape and size, the mean time per request and the requests per second of each
 * codec in each mode.
 */
internal object E2eCharts {
    fun specs(rows: List<E2eRow>): List<Charts.Spec> =
        rows.groupBy { it.shape to it.size }.flatMap { (cell, cellRows) ->
            val (shape, size) = cell
            val where = "$shape, N = ${Units.count(size)}"
            listOf(
                Charts.Spec("e2e-$shape-$size-request-time", "Mean time per request, $where") {
                    chart(cellRows, "Mean time per request, $where", "mean time per request (ms)") {
                        it.meanNanos / 1e6
                    }
                },
                Charts.Spec("e2e-$shape-$size-throughput", "Requests per second, $where") {
                    chart(cellRows, "Requests per second, $where", "requests per second") { it.requestsPerSecond }
                },
            )
        }

    private fun chart(rows: List<E2eRow>, title: String, yTitle: String, value: (E2eRow) -> Double): CategoryChart {
        val chart = CategoryChartBuilder()
            .width(WIDTH).height(HEIGHT).title(title).xAxisTitle("codec").yAxisTitle(yTitle).build()
        chart.styler.apply {
            legendPosition = Styler.LegendPosition.OutsideS
            legendLayout = Styler.LegendLayout.Horizontal
            xAxisLabelRotation = 90
            xAxisTickMarkSpacingHint = 10
        }
        val codecs = rows.map { it.codec }.distinct()
        val byMode = rows.groupBy { it.threads to it.pooled }.toSortedMap(compareBy({ it.first }, { it.second }))
        for ((mode, modeRows) in byMode) {
            val byCodec = modeRows.associateBy { it.codec }
            val values = codecs.map { byCodec[it]?.let(value) ?: 0.0 }
            chart.addSeries(E2eReport.mode(mode.first, mode.second), codecs, values)
        }
        return chart
    }

    private const val WIDTH = 960
    private const val HEIGHT = 560
}
