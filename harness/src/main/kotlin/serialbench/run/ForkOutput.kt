package serialbench.run

import kotlinx.serialization.Serializable
import serialbench.measure.GcMeter
import serialbench.measure.GcPhase
import serialbench.measure.Measurement
import serialbench.measure.Samples
import serialbench.results.ColdStartRow
import serialbench.results.ForkMachine
import serialbench.results.ResultRow
import serialbench.results.RunPhase
import serialbench.results.UnsupportedCell

/**
 * What a fork hands back to the JVM that started it ([ChildResult.ForkMeasured]): each probe's rows with their raw
 * samples, so that forks pool, where its time went ([phaseNanos], from its task's start to its end), and the
 * reference workload timed before each size's series and after its last ([ForkMachine]).
 */
@Serializable
internal class ForkOutput(
    val probes: List<KindRows>,
    val phaseNanos: Map<RunPhase, Long> = emptyMap(),
    /** The reference workload before each size's series and after the last, in that order. */
    val referenceNanos: List<Double>,
    /** The table walk at the same moments as [referenceNanos]; empty from forks of before. */
    val walkNanos: List<Double> = emptyList(),
    /** The readings of either workload made again while the JVM's own threads took its core's time. */
    val referenceBusyReadings: Int = 0,
    /** The gzip sizes of the payloads the fork asked for ([serialbench.measure.GzipSizes]), for the next forks. */
    val gzipSizes: Map<String, Int> = emptyMap(),
    /** Its series whose timed calls began at a random place in the young generation's cycle (`GcPhase`). */
    val seriesInYoungCycle: Int? = null,
    /** Its young generation as measured or given (`GcPhase`), for the next fork; `null` from forks of before. */
    val young: GcPhase.Measured? = null,
) {
    /** This fork's record of the machine, as fork [fork] of [codec]: its timed calls, their JIT and GC time. */
    fun machine(codec: String, fork: Int): ForkMachine {
        val measured = probes.flatMap { it.rows }
        val timed = measured.map { it.row }
        return ForkMachine(
            codec = codec,
            fork = fork,
            referenceStartNanos = referenceNanos.first(),
            referenceEndNanos = referenceNanos.last(),
            referenceBetweenNanos = referenceNanos.subList(1, referenceNanos.size - 1),
            walkNanos = walkNanos,
            referenceBusyReadings = referenceBusyReadings,
            timedNanos = timed.sumOf { it.timedNanos },
            jitMillis = timed.map { it.jitTimeMillis }.allOrNull()?.sum(),
            gcMillis = timed.sumOf { it.gcTimeMillis },
            seriesInYoungCycle = seriesInYoungCycle,
        )
    }

    /** One probe's rows ([ProbeRows]) as a fork hands them back. */
    @Serializable
    class KindRows(
        val kind: ProbeKind,
        val rows: List<SampledRow>,
        val unsupported: List<UnsupportedCell>,
        val coldStart: List<ColdStartRow> = emptyList(),
    ) {
        fun toProbeRows() = ProbeRows(kind, rows.map { it.toMeasurement() }, unsupported, coldStart)

        companion object {
            fun of(probe: ProbeRows) =
                KindRows(probe.kind, probe.measurements.map(SampledRow::of), probe.unsupported, probe.coldStart)
        }
    }

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
            Samples(
                durationsNanos,
                allocatedBytes,
                GcMeter.Reading(row.gcCount, row.gcTimeMillis),
                markNanos,
                row.jitTimeMillis,
                calls = durationsNanos.size.toLong() * (row.callsPerRepetition.singleOrNull() ?: 1),
            ),
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

    fun toRunPart(machine: ForkMachine) = BenchmarkRun.RunPart(
        probes = probes.map { it.toProbeRows() },
        forkMachines = listOf(machine),
    )

    companion object {
        fun of(part: BenchmarkRun.RunPart, phaseNanos: Map<RunPhase, Long>, gzipSizes: Map<String, Int>) = ForkOutput(
            probes = part.probes.map(KindRows::of),
            phaseNanos = phaseNanos,
            referenceNanos = part.referenceNanos.also {
                check(it.size >= 2) { "a fork measured without its reference workload: $it" }
            },
            walkNanos = part.walkNanos,
            referenceBusyReadings = part.referenceBusyReadings,
            gzipSizes = gzipSizes,
            seriesInYoungCycle = part.seriesInYoungCycle,
            young = part.young,
        )
    }
}
