package serialbench.measure

import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.results.ResultRow
import serialbench.statistics.Statistics
import java.util.Locale

/**
 * Times decodes from a stream that hand elements over one at a time ([MarkedSubject]): each timed call gives the
 * time to its first element (the subject's [Mark]) and to its end, from the same call ([Sampler.seriesMarked]).
 * Warm-up and the rule for series still getting faster are those of [CodecBenchmark].
 */
class StreamingBenchmark(
    repetitions: Int,
    warmup: Int,
    warmupMillis: Long,
    private val log: (String) -> Unit = {},
    private val gzipSizes: GzipSizes = GzipSizes(),
) {
    private val blackhole = Blackhole()
    private val sampler = Sampler(repetitions, warmup, warmupMillis, blackhole)

    /** Runs [subject] for [millis], untimed: a decoder's first warm-up on a shape. */
    fun warmUp(what: String, subject: MarkedSubject, millis: Long) {
        val endNanos = System.nanoTime() + millis * 1_000_000
        val mark = Mark()
        while (System.nanoTime() - endNanos < 0) {
            mark.reset()
            blackhole.consume(withContext(what) { subject.run(mark) })
        }
    }

    /**
     * Measures [subject], the decode of [cell]'s payload by [decoder]; [adapted] when the harness adapts the library.
     */
    fun run(cell: Cell, decoder: String, subject: MarkedSubject, adapted: Boolean): Measurement {
        val what = "$cell, decoder $decoder"
        val series = withContext(what) {
            sampler.seriesMarked(
                onDrift = { drift ->
                    log("$what: ${drift.describe()}, still warming up; dropping its first half and going on")
                },
                onCompiling = { jitMillis ->
                    log("$what: the JIT compiled for $jitMillis ms of its timed calls; measuring it again")
                },
            ) { mark -> subject.run(mark) }
        }
        val gzip = gzipSizes.of(subject.payloadContent())
        val row = row(cell, decoder, adapted, series, subject.payloadBytes, gzip)
        log("$what: first element ${micros(row.firstElementNanos)}, all elements ${micros(row.meanNanos)} (means)")
        return Measurement(row, series.samples)
    }

    private inline fun <R> withContext(what: String, block: () -> R): R = try {
        block()
    } catch (e: Exception) {
        throw IllegalStateException("$what: failed to decode from a stream: ${e.message}", e)
    }

    private fun micros(nanos: Double?): String = String.format(Locale.ROOT, "%.1f us", (nanos ?: Double.NaN) / 1e3)

    companion object {
        /** The row of one series of a decode from a stream; [samples] carry the time to the first element as marks. */
        fun row(
            cell: Cell,
            decoder: String,
            adapted: Boolean,
            series: Series,
            payloadBytes: Int,
            gzipBytes: Int,
        ): ResultRow {
            val samples = series.samples
            val first = Statistics.of(
                requireNotNull(samples.markNanos) {
                    "$cell, decoder $decoder: no times to the first element"
                },
            )
            return CodecBenchmark.row(
                cell,
                Operation.DESERIALIZE,
                series.stats,
                samples,
                payloadBytes,
                gzipBytes,
                series.halvesDropped,
                series.compilingRepeats,
            ).copy(
                io = IoPath.STREAM,
                decoder = decoder,
                firstElementNanos = first.meanNanos,
                firstElementMedianNanos = first.medianNanos,
                firstElementErrorNanos = first.errorNanos,
                adapted = adapted,
            )
        }
    }
}
