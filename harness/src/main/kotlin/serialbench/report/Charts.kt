package serialbench.report

import org.knowm.xchart.BitmapEncoder
import org.knowm.xchart.CategoryChart
import org.knowm.xchart.CategoryChartBuilder
import org.knowm.xchart.VectorGraphicsEncoder
import org.knowm.xchart.XYChart
import org.knowm.xchart.XYChartBuilder
import org.knowm.xchart.internal.chartpart.Chart
import org.knowm.xchart.style.Styler
import org.knowm.xchart.style.lines.SeriesLines
import serialbench.files.Directories
import serialbench.results.BenchmarkResults
import serialbench.results.CodecPair
import serialbench.results.Operation
import serialbench.results.ResultRow
import java.io.File

/** The report's charts, drawn with XChart and written as PNG (for previews) and SVG (to zoom) side by side. */
internal object Charts {
    /** A chart to draw; [clamped] names the points drawn at the edge of the axis ([ChartValues]). */
    class Spec(
        val fileName: String,
        val title: String,
        val clamped: List<String> = emptyList(),
        val draw: () -> Chart<*, *>,
    )

    const val DIRECTORY = "charts"

    /**
     * The charts of one shape's [rows]; the report links exactly these. Files of the `flat` shape have plain
     * names (`serialize-time`), others are prefixed with their shape (`events-serialize-time`).
     */
    fun specs(rows: List<ResultRow>, shape: String, pairs: List<CodecPair>): List<Spec> {
        if (rows.isEmpty()) return emptyList()
        // Shape ids may hold characters file systems refuse (`file:orders.json`).
        val prefix = if (shape == ResultRow.FLAT) "" else shape.replace(Regex("[^A-Za-z0-9._-]"), "-") + "-"
        val titleShape = if (shape == ResultRow.FLAT) "" else " ($shape)"
        val specs = Operation.entries.mapTo(mutableListOf()) { operation ->
            val title = "${operation.displayName.replaceFirstChar { it.uppercase() }} time vs N (log-log)$titleShape"
            val clamped = rows
                .filter { it.operation == operation && ChartValues.outside(it.meanNanos / 1e6, ChartValues.MILLIS) }
                .map { "`${it.codec}` N = ${Units.count(it.size)}: mean ${it.meanNanos} ns" }
            Spec("$prefix${operation.verb}-time", title, clamped) { timeChart(rows, operation) }
        }
        val measuredPairs = pairs.filter { hasBoth(rows, it.multi, it.single) }
        if (measuredPairs.isNotEmpty()) {
            val clamped = measuredPairs.flatMap { (multi, single) ->
                Operation.entries.flatMap { operation -> Comparison.of(rows, operation, multi, single) }
            }.filter { ChartValues.outside(it.speedup, ChartValues.SPEEDUP) }
                .map {
                    "`${it.multi.codec}` ${it.multi.operation.verb} N = ${Units.count(it.size)}: speedup ${it.speedup}"
                }
            specs += Spec("${prefix}parallel-speedup", "Parallel speedup vs N$titleShape", clamped) {
                speedupChart(rows, measuredPairs)
            }
        }
        val largest = Units.count(rows.maxOf { it.size })
        specs += Spec("${prefix}payload-size", "Payload per element at N = $largest$titleShape") { payloadChart(rows) }
        return specs
    }

    /**
     * The chart of one shape's decodes from a stream ([rows] of `BenchmarkResults.streaming`): each streaming
     * decoder's time to its first element and to all elements against N; `null` when there are none.
     */
    fun streamingSpec(rows: List<ResultRow>, shape: String): Spec? {
        val streaming = rows.filter { it.decoder != StreamingTables.MAPPER && it.firstElementNanos != null }
        if (streaming.isEmpty()) return null
        val prefix = if (shape == ResultRow.FLAT) "" else "$shape-"
        val titleShape = if (shape == ResultRow.FLAT) "" else " ($shape)"
        val clamped = streaming.flatMap { row ->
            listOf("mean" to row.meanNanos, "first element" to row.firstElementNanos!!)
                .filter { (_, nanos) -> ChartValues.outside(nanos / 1e6, ChartValues.MILLIS) }
                .map { (what, nanos) -> "`${row.codec}/${row.decoder}` N = ${Units.count(row.size)}: $what $nanos ns" }
        }
        val title = "Time to the first element and to all elements vs N (log-log)$titleShape"
        return Spec("${prefix}streaming-first-vs-all", title, clamped) {
            firstVersusAllChart(streaming)
        }
    }

    /** Writes every chart of [results] to `directory/charts/NAME.png` and `.svg`; returns the files written. */
    fun write(directory: File, results: BenchmarkResults): List<File> {
        val pairs = results.method?.parallelPairs ?: CodecPair.LEGACY
        val specs =
            results.shapes.flatMap { shape -> specs(results.results.filter { it.shape == shape }, shape, pairs) } +
                results.shapes.mapNotNull { shape ->
                    streamingSpec(results.streaming.filter { it.shape == shape }, shape)
                }
        return save(directory, specs)
    }

    /** Draws [specs] to `directory/charts/NAME.png` and `.svg`; returns the files written. */
    fun save(directory: File, specs: List<Spec>): List<File> {
        val chartDirectory = Directories.create(File(directory, DIRECTORY))
        return specs.flatMap { spec ->
            val chart = spec.draw()
            val png = File(chartDirectory, "${spec.fileName}.png")
            val svg = File(chartDirectory, "${spec.fileName}.svg")
            BitmapEncoder.saveBitmap(chart, png.path, BitmapEncoder.BitmapFormat.PNG)
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg.path, VectorGraphicsEncoder.VectorGraphicsFormat.SVG)
            listOf(png, svg)
        }
    }

    private fun hasBoth(rows: List<ResultRow>, multi: String, single: String) =
        rows.any { it.codec == multi } && rows.any { it.codec == single }

    private fun timeChart(rows: List<ResultRow>, operation: Operation): XYChart {
        val chart = XYChartBuilder().width(WIDTH).height(HEIGHT)
            .title("${operation.displayName.replaceFirstChar { it.uppercase() }}: mean time per list")
            .xAxisTitle("objects per list (N)").yAxisTitle("mean time (ms)").build()
        chart.styler.apply {
            isXAxisLogarithmic = true
            isYAxisLogarithmic = true
            legendPosition = Styler.LegendPosition.OutsideE
            xAxisDecimalPattern = "#,###"
        }
        for ((codec, codecRows) in rows.filter { it.operation == operation }.groupBy { it.codec }) {
            val sorted = codecRows.sortedBy { it.size }
            chart.addSeries(
                codec,
                sorted.map { it.size.toDouble() }.toDoubleArray(),
                sorted.map { millis(it.meanNanos) }.toDoubleArray(),
            )
        }
        return chart
    }

    private fun firstVersusAllChart(rows: List<ResultRow>): XYChart {
        val chart = XYChartBuilder().width(WIDTH).height(HEIGHT)
            .title("Decoding from a stream: time to the first element (dashed) and to all elements")
            .xAxisTitle("elements in the stream (N)").yAxisTitle("mean time (ms)").build()
        chart.styler.apply {
            isXAxisLogarithmic = true
            isYAxisLogarithmic = true
            legendPosition = Styler.LegendPosition.OutsideE
            xAxisDecimalPattern = "#,###"
        }
        val colors = chart.styler.seriesColors
        for ((index, entry) in rows.groupBy { "${it.codec}/${it.decoder}" }.entries.withIndex()) {
            val (label, decoderRows) = entry
            val sorted = decoderRows.sortedBy { it.size }
            val sizes = sorted.map { it.size.toDouble() }.toDoubleArray()
            val all = chart.addSeries("$label all", sizes, sorted.map { millis(it.meanNanos) }.toDoubleArray())
            val firstMillis = sorted.map { millis(it.firstElementNanos!!) }.toDoubleArray()
            val first = chart.addSeries("$label first", sizes, firstMillis)
            // one colour per decoder, dashed for its first element
            val color = colors[index % colors.size]
            listOf(all, first).forEach { series ->
                series.lineColor = color
                series.markerColor = color
            }
            first.lineStyle = SeriesLines.DASH_DASH
        }
        return chart
    }

    private fun speedupChart(rows: List<ResultRow>, pairs: List<CodecPair>): XYChart {
        val chart = XYChartBuilder().width(WIDTH).height(HEIGHT)
            .title("Speedup of the parallel codecs over their single-thread engine (mean over mean)")
            .xAxisTitle("objects per list (N)").yAxisTitle("speedup (x)").build()
        chart.styler.apply {
            isXAxisLogarithmic = true
            legendPosition = Styler.LegendPosition.InsideNW
            xAxisDecimalPattern = "#,###"
            yAxisDecimalPattern = "0.0"
        }
        val sizes = rows.map { it.size }.distinct().sorted()
        for ((multi, single) in pairs) {
            for (operation in Operation.entries) {
                val pairs = Comparison.of(rows, operation, multi, single)
                if (pairs.isEmpty()) continue
                val pairSizes = pairs.map { it.size.toDouble() }.toDoubleArray()
                val speedups = pairs.map { ChartValues.clamp(it.speedup, ChartValues.SPEEDUP) }.toDoubleArray()
                chart.addSeries("$multi ${operation.verb}", pairSizes, speedups)
            }
        }
        chart.addSeries("no gain (1.0x)", sizes.map { it.toDouble() }.toDoubleArray(), DoubleArray(sizes.size) { 1.0 })
        return chart
    }

    private fun payloadChart(rows: List<ResultRow>): CategoryChart {
        val largest = rows.maxOf { it.size }
        val perCodec = rows.filter { it.size == largest }.distinctBy { it.codec }
        val chart = CategoryChartBuilder().width(WIDTH).height(HEIGHT)
            .title("Payload per element at N = ${Units.count(largest)}")
            .xAxisTitle("codec").yAxisTitle("bytes per object").build()
        chart.styler.apply {
            legendPosition = Styler.LegendPosition.OutsideS
            legendLayout = Styler.LegendLayout.Horizontal
            // upright labels, packed closer than XChart's default spacing, so that no codec's name is dropped
            xAxisLabelRotation = 90
            xAxisTickMarkSpacingHint = 10
            yAxisDecimalPattern = "#,###"
        }
        val codecs = perCodec.map { it.codec }
        chart.addSeries("payload", codecs, perCodec.map { it.payloadBytes.toDouble() / largest })
        chart.addSeries("gzip", codecs, perCodec.map { it.gzipBytes.toDouble() / largest })
        return chart
    }

    private fun millis(nanos: Double) = ChartValues.clamp(nanos / 1e6, ChartValues.MILLIS)

    private const val WIDTH = 960
    private const val HEIGHT = 560
}
