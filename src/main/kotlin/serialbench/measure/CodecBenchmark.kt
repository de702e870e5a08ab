package serialbench.measure

import java.io.ByteArrayOutputStream
import java.util.zip.GZIPOutputStream
import serialbench.codec.Codec
import serialbench.data.TestDataGenerator
import serialbench.model.TestObject

/**
 * Times one codec at one size of a [BenchConfig]: serialization of the whole list to one payload, then
 * deserialization of that payload, each warmed up and sampled on its own. The decoded list is checked
 * against the original once per size, before anything is timed.
 */
class CodecBenchmark(
    private val config: BenchConfig,
    private val progress: Progress? = null,
) {
    private val generator = TestDataGenerator(config.seed)
    private val blackhole = Blackhole()
    private val sampler = Sampler(config.repetitions, config.warmup, config.warmupMillis, blackhole)

    /**
     * Before its first measurement, each codec runs for [CODEC_WARM_UP_FACTOR] x `warmupMillis` on
     * [WARM_UP_SIZE] objects, so that the codec measured first does not pay alone for compiling code the codecs
     * share (kotlinx's, for one).
     */
    fun warmUp(codec: Codec) {
        val objects = generator.objects(WARM_UP_SIZE)
        val payload = withContext(codec, Operation.SERIALIZE, objects.size) { codec.encode(objects) }
        val endNanos = System.nanoTime() + config.warmupMillis * CODEC_WARM_UP_FACTOR * 1_000_000
        while (System.nanoTime() - endNanos < 0) {
            blackhole.consume(withContext(codec, Operation.SERIALIZE, objects.size) { codec.encode(objects) })
            blackhole.consume(withContext(codec, Operation.DESERIALIZE, objects.size) { codec.decode(payload) })
        }
    }

    fun run(codec: Codec, size: Int): List<Measurement> {
        val objects = generator.objects(size)
        val payload = withContext(codec, Operation.SERIALIZE, size) { codec.encode(objects) }
        val decoded = withContext(codec, Operation.DESERIALIZE, size) { codec.decode(payload) }
        check(decoded == objects) {
            "codec ${codec.id} at size $size: decoding its own payload gave a different list " +
                "(${decoded.size} objects, first difference at index ${firstDifference(objects, decoded)})"
        }
        val payloadBytes = payload.sizeBytes
        val gzipBytes = gzipSize(payload.toByteArray())
        return Operation.entries.map { operation ->
            val onRepetition = RepetitionListener { done, total ->
                progress?.repetition(codec.id, operation, size, done, total)
            }
            fun series() = withContext(codec, operation, size) {
                when (operation) {
                    Operation.SERIALIZE -> sampler.sample(onRepetition) { codec.encode(objects) }
                    Operation.DESERIALIZE -> sampler.sample(onRepetition) { codec.decode(payload) }
                }
            }
            var samples = series()
            var stats = Statistics.of(samples.durationsNanos)
            var repeats = 0
            // A series still getting faster was warm-up: it is discarded and measured again, a bounded number of times.
            while ((stats.driftPercent ?: 0.0) <= -STEADY_DRIFT_PERCENT && repeats < MAX_REPEATS) {
                progress?.repeating(codec.id, operation, size, stats)
                samples = series()
                stats = Statistics.of(samples.durationsNanos)
                repeats++
            }
            progress?.finished(codec.id, operation, size, stats)
            Measurement(
                ResultRow(
                    codec = codec.id,
                    codecName = codec.displayName,
                    format = codec.format.displayName,
                    operation = operation,
                    size = size,
                    repetitions = stats.count,
                    meanNanos = stats.meanNanos,
                    medianNanos = stats.medianNanos,
                    minNanos = stats.minNanos,
                    maxNanos = stats.maxNanos,
                    stdDevNanos = stats.stdDevNanos,
                    payloadBytes = payloadBytes,
                    gzipBytes = gzipBytes,
                    varianceNanosSquared = stats.varianceNanosSquared,
                    errorNanos = stats.errorNanos,
                    p90Nanos = stats.p90Nanos,
                    p99Nanos = stats.p99Nanos,
                    lowOutliers = stats.lowOutliers,
                    highOutliers = stats.highOutliers,
                    driftPercent = stats.driftPercent,
                    repeatedSeries = repeats,
                    allocatedBytesPerOp = samples.allocatedBytesPerOp,
                    gcCount = samples.gc.count,
                    gcTimeMillis = samples.gc.timeMillis,
                ),
                samples,
            )
        }
    }

    private inline fun <R> withContext(codec: Codec, operation: Operation, size: Int, block: () -> R): R = try {
        block()
    } catch (e: Exception) {
        throw IllegalStateException("codec ${codec.id} failed to ${operation.verb} $size objects: ${e.message}", e)
    }

    private fun gzipSize(bytes: ByteArray): Int {
        val out = ByteArrayOutputStream(bytes.size / 4 + 64)
        GZIPOutputStream(out).use { it.write(bytes) }
        return out.size()
    }

    private fun firstDifference(expected: List<TestObject>, actual: List<TestObject>): Int =
        expected.indices.firstOrNull { it >= actual.size || expected[it] != actual[it] } ?: expected.size

    companion object {
        /** Objects in each codec's first warm-up. */
        const val WARM_UP_SIZE = 1_000

        /** Each codec's first warm-up lasts this many times `warmupMillis`. */
        const val CODEC_WARM_UP_FACTOR = 4

        /** A series whose second half ran this much faster than its first (median) was not at steady state. */
        const val STEADY_DRIFT_PERCENT = 5.0

        /** At most this many series are discarded for drift; the last one is kept whatever its drift. */
        const val MAX_REPEATS = 2
    }
}
