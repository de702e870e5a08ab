package serialbench.run

import kotlinx.serialization.Serializable
import serialbench.measure.GcMeter
import serialbench.measure.Measurement
import serialbench.measure.Samples
import serialbench.results.ColdStartRow
import serialbench.results.ResultRow
import serialbench.results.RunPhase
import serialbench.results.UnsupportedCell

/**
 * What a fork hands back to the JVM that started it ([ChildResult.ForkMeasured]): its rows with their raw samples,
 * so that forks pool, and where its time went ([phaseNanos], from its task's start to its end).
 */
@Serializable
internal class ForkOutput(
    val rows: List<SampledRow>,
    val coldStart: List<ColdStartRow>,
    val unsupported: List<UnsupportedCell>,
    val streaming: List<SampledRow> = emptyList(),
    val io: List<SampledRow> = emptyList(),
    val phaseNanos: Map<RunPhase, Long> = emptyMap(),
) {
    /** A row and its raw samples; [markNanos] are a streaming decode's times to its first element. */
    @Serializable
    class SampledRow(
        val row: ResultRow,
        val durationsNanos: LongArray,
        val allocatedBytes: Long?,
        val markNanos: LongArray? = null,
    ) {
        fun toMeasurement() = Measurement(
            row,
            Samples(durationsNanos, allocatedBytes, GcMeter.Reading(row.gcCount, row.gcTimeMillis), markNanos),
        )

        companion object {
            fun of(measurement: Measurement) = SampledRow(
                measurement.row,
                measurement.samples.durationsNanos,
                measurement.samples.allocatedBytes,
                measurement.samples.markNanos,
            )
        }
    }

    fun toRunPart() = BenchmarkRun.RunPart(
        measurements = rows.map { it.toMeasurement() },
        coldStart = coldStart,
        unsupported = unsupported,
        streaming = streaming.map { it.toMeasurement() },
        io = io.map { it.toMeasurement() },
    )

    companion object {
        fun of(part: BenchmarkRun.RunPart, phaseNanos: Map<RunPhase, Long>) = ForkOutput(
            rows = part.measurements.map(SampledRow::of),
            coldStart = part.coldStart,
            unsupported = part.unsupported,
            streaming = part.streaming.map(SampledRow::of),
            io = part.io.map(SampledRow::of),
            phaseNanos = phaseNanos,
        )
    }
}
