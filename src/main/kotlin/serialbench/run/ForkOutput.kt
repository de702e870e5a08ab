package serialbench.run

import java.io.File
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import serialbench.measure.GcMeter
import serialbench.measure.Measurement
import serialbench.measure.Samples
import serialbench.results.ColdStartRow
import serialbench.results.ResultRow
import serialbench.results.UnsupportedCell

/** What a fork hands back to the JVM that started it: its rows with their raw samples, so that forks pool. */
@Serializable
internal class ForkOutput(
    val rows: List<SampledRow>,
    val coldStart: List<ColdStartRow>,
    val unsupported: List<UnsupportedCell>,
) {
    @Serializable
    class SampledRow(val row: ResultRow, val durationsNanos: LongArray, val allocatedBytes: Long?)

    fun toRunPart() = BenchmarkRun.RunPart(
        measurements = rows.map { sampled ->
            Measurement(
                sampled.row,
                Samples(sampled.durationsNanos, sampled.allocatedBytes, GcMeter.Reading(sampled.row.gcCount, sampled.row.gcTimeMillis)),
            )
        },
        coldStart = coldStart,
        unsupported = unsupported,
    )

    companion object {
        private val json = Json { encodeDefaults = true }

        fun of(part: BenchmarkRun.RunPart) = ForkOutput(
            rows = part.measurements.map { SampledRow(it.row, it.samples.durationsNanos, it.samples.allocatedBytes) },
            coldStart = part.coldStart,
            unsupported = part.unsupported,
        )

        fun write(output: ForkOutput, file: File) = file.writeText(json.encodeToString(serializer(), output))

        fun read(file: File): ForkOutput = try {
            json.decodeFromString(serializer(), file.readText())
        } catch (e: Exception) {
            throw IllegalStateException("fork output ${file.path} cannot be read: ${e.message}", e)
        }
    }
}
