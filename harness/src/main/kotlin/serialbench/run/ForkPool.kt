package serialbench.run

import serialbench.measure.GcMeter
import serialbench.measure.Measurement
import serialbench.measure.Samples
import serialbench.measure.withTimes
import serialbench.results.PlausibleResults
import serialbench.results.ResultRow
import serialbench.statistics.Statistics
import kotlin.math.abs

/**
 * Pools the forks of one cell (codec, shape, size, operation) into one measurement, as JMH pools its forks'
 * iterations: every statistic over all repetitions of all forks, each fork's mean kept beside it; but with two
 * forks or more the error is that of the mean over the fork means ([Statistics.errorOfMean]: each fork a block,
 * so the error covers the spread between JVMs, which the pooled repetitions, all weighed as independent, would
 * understate). Allocation is averaged over all calls, collections and JIT compilation summed, the largest drift
 * kept. A streaming decode's times to its first element are pooled the same way (their error over the pooled
 * repetitions).
 */
internal object ForkPool {
    /**
     * The rows of each kind of measurement over all forks ([forks]: every fork's probes, forks in order), pooled
     * cell by cell, kinds in the order they first came; the cells each kind could not measure, once each; cold
     * starts (one per JVM that measured one) side by side.
     */
    fun poolKinds(forks: List<ProbeRows>): List<ProbeRows> = forks.groupBy { it.kind }.map { (kind, rows) ->
        ProbeRows(
            kind,
            pool(rows.flatMap { it.measurements }),
            rows.flatMap { it.unsupported }.distinct(),
            rows.flatMap { it.coldStart },
        )
    }

    /** The measurements of each row (the key a comparison pairs rows by, [PlausibleResults.key]) pooled over forks. */
    fun pool(measurements: List<Measurement>): List<Measurement> =
        measurements.groupBy { PlausibleResults.key(it.row) }.values.map(::poolCell)

    private fun poolCell(forks: List<Measurement>): Measurement {
        val durations = forks.map { it.samples.durationsNanos }.reduce { all, next -> all + next }
        val stats = Statistics.of(durations)
        val allocated = forks.map { it.samples.allocatedBytes }.allOrNull()?.sum()
        val gc = forks.map { it.samples.gc }.reduce { sum, next ->
            GcMeter.Reading(
                sum.count + next.count,
                sum.timeMillis + next.timeMillis,
            )
        }
        val marks = forks.map { it.samples.markNanos }.allOrNull()?.reduce { all, next -> all + next }
        val jit = forks.map { it.samples.jitMillis }.allOrNull()?.sum()
        val samples = Samples(durations, allocated, gc, marks, jit, calls = forks.sumOf { it.samples.calls })
        val firstElement = marks?.let(Statistics::of)
        // the payload's figures from the fork that measured gzip (a codec's first fork; later ones leave it)
        val first = forks.firstOrNull { it.row.gzipBytes != ResultRow.GZIP_LEFT_TO_FIRST_FORK }?.row
            ?: error("no fork of ${forks.first().row.codec} measured the payload's gzip size")
        val forkMeans = forks.map { it.row.meanNanos }
        val row = first.withTimes(stats).copy(
            errorNanos = if (forks.size > 1) Statistics.errorOfMean(forkMeans) else stats.errorNanos,
            driftPercent = forks.mapNotNull { it.row.driftPercent }.maxByOrNull { abs(it) },
            repeatedSeries = forks.sumOf { it.row.repeatedSeries },
            compilingRepeats = forks.sumOf { it.row.compilingRepeats },
            allocatedBytesPerOp = samples.allocatedBytesPerOp,
            gcCount = gc.count,
            gcTimeMillis = gc.timeMillis,
            jitTimeMillis = jit,
            forks = forks.size,
            forkMeansNanos = if (forks.size > 1) forkMeans else emptyList(),
            durationsNanos = forks.flatMap { it.row.durationsNanos },
            callsPerRepetition = forks.flatMap { it.row.callsPerRepetition },
            listsSplit = forks.flatMap { it.row.listsSplit },
            listsWhole = forks.flatMap { it.row.listsWhole },
            firstElementNanos = firstElement?.meanNanos,
            firstElementMedianNanos = firstElement?.medianNanos,
            firstElementErrorNanos = firstElement?.errorNanos,
        )
        return Measurement(row, samples)
    }
}
