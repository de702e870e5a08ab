package serialbench.measure

import serialbench.results.Operation
import serialbench.results.ResultRow
import serialbench.results.RunPhase
import serialbench.statistics.Drift
import serialbench.statistics.Statistics

/**
 * Times one [Subject]: serialization and deserialization, each warmed up and sampled on its own by a [Sampler] of
 * [repetitions] after [warmup] calls; the first series of a codec, shape, operation and [Subject.code] in this JVM
 * warms up for at least [warmupMillis], a later one (the same code at another size, or after [warmUp] ran it, compiled
 * already) until its calls are steady. A series still getting faster drops its first half and goes on from its second
 * ([Sampler.series]), at most [MAX_REPEATS] times. Given a [clock], its time goes to the phases of [RunPhase]: [warmUp]
 * to [RunPhase.CODEC_WARM_UP], a dropped half series to [RunPhase.REPEATED_SERIES].
 */
class CodecBenchmark(
    private val repetitions: Int,
    private val warmup: Int,
    private val warmupMillis: Long,
    private val progress: Progress? = null,
    private val clock: PhaseClock? = null,
    /** False in a codec's later forks: the first one's payload is the same ([ResultRow.GZIP_LEFT_TO_FIRST_FORK]). */
    private val measuresGzip: Boolean = true,
    /** The run's gzip sizes, by payload: a payload another codec wrote too is not compressed again. */
    private val gzipSizes: GzipSizes = GzipSizes(),
    /** A timed repetition's least length: shorter calls are timed several at a time ([Sampler]); 0: one each. */
    minRepetitionMicros: Int = 0,
    /** The JIT compilers' total time, which each warm-up waits to stop growing ([JitQuiet]); a test's own. */
    jitMillis: () -> Long? = JitMeter::readMillis,
    /** The JVM's own threads' CPU time, which each warm-up waits to go quiet too ([JitQuiet]); a test's own. */
    jvmThreadsNanos: () -> Long? = JvmThreadsCpu::readNanos,
    /** The warm-ups' clock; a test's own. */
    warmUpNanoTime: () -> Long = System::nanoTime,
    /** Where each series' timed calls begin in the young generation's cycle ([Sampler]); `null`: after a full GC. */
    val gcPhase: GcPhase? = null,
) {
    private val minRepetitionNanos = minRepetitionMicros * 1_000L
    private val blackhole = Blackhole()
    private val sampler = Sampler(
        repetitions,
        warmup,
        warmupMillis,
        blackhole,
        minRepetitionNanos,
        clock = clock,
        jitMillis = jitMillis,
        jvmThreadsNanos = jvmThreadsNanos,
        warmUpNanoTime = warmUpNanoTime,
        gcPhase = gcPhase,
    )

    /** The code each series ran in this JVM: a series of the same code at another size needs no least warm-up. */
    private val warmedCode = HashSet<WarmedCode>()

    private data class WarmedCode(val codec: String, val shape: String, val operation: Operation, val code: String)

    /**
     * Runs both operations of [subject] for [millis], untimed: a codec's first warm-up on a shape. It compiles the
     * code of both operations as a least warm-up would: a later series of that code warms up until steady.
     */
    fun warmUp(cell: Cell, subject: Subject, millis: Long) {
        val around = clock?.switchTo(RunPhase.CODEC_WARM_UP)
        for (operation in Operation.entries) warmedCode += WarmedCode(cell.codec, cell.shape, operation, subject.code)
        val endNanos = System.nanoTime() + millis * 1_000_000
        while (System.nanoTime() - endNanos < 0) {
            blackhole.consume(withContext(cell, Operation.SERIALIZE) { subject.serialize() })
            blackhole.consume(withContext(cell, Operation.DESERIALIZE) { subject.deserialize() })
        }
        around?.let { clock?.switchTo(it) }
    }

    /**
     * Both operations of [subject]; a [document] (a file's or a generated one's, not a list of a shape) is code new to
     * the JVM, whose warm-ups wait longer for the JIT ([DOCUMENT_JIT_WAIT_FACTOR]), and one call, whose repetitions
     * last longer ([DOCUMENT_REPETITION_FACTOR]).
     */
    fun run(cell: Cell, subject: Subject, document: Boolean = false): List<Measurement> {
        // Both rows of the cell carry the size of one payload: looked up once, after the first series made it.
        val gzipBytes = lazy {
            when {
                !measuresGzip -> ResultRow.GZIP_LEFT_TO_FIRST_FORK
                clock == null -> gzipSizes.of(subject.payloadContent())
                else -> clock.time(RunPhase.GZIP_SIZES) { gzipSizes.of(subject.payloadContent()) }
            }
        }
        val jitWaitMillis = warmupMillis * if (document) DOCUMENT_JIT_WAIT_FACTOR else JIT_WAIT_FACTOR
        val repetitionNanos = minRepetitionNanos * if (document) DOCUMENT_REPETITION_FACTOR else 1
        return Operation.entries.map { operation ->
            measure(cell, subject, operation, gzipBytes, jitWaitMillis, repetitionNanos)
        }
    }

    private fun measure(
        cell: Cell,
        subject: Subject,
        operation: Operation,
        gzipBytes: Lazy<Int>,
        jitWaitMillis: Long,
        repetitionNanos: Long,
    ): Measurement {
        val onRepetition = RepetitionListener { done, total ->
            progress?.repetition(cell, operation, done, total)
        }
        val call: () -> Any? = when (operation) {
            Operation.SERIALIZE -> subject::serialize
            Operation.DESERIALIZE -> subject::deserialize
        }
        val firstOfItsCode = warmedCode.add(WarmedCode(cell.codec, cell.shape, operation, subject.code))
        val splits = subject.splits?.let { counting ->
            when (operation) {
                Operation.SERIALIZE -> counting::encoded
                Operation.DESERIALIZE -> counting::decoded
            }
        }
        val onDrift: (Drift) -> Unit = { drift -> progress?.repeating(cell, operation, drift) }
        val onCompiling: (Long) -> Unit = { jitMillis -> progress?.compiling(cell, operation, jitMillis) }
        val series = withContext(cell, operation) {
            sampler.series(
                onRepetition,
                firstOfItsCode,
                onDrift,
                splits,
                jitWaitMillis,
                onCompiling,
                repetitionNanos,
                firstCallPlain = operation == Operation.SERIALIZE && subject.firstSerializationPlain,
                call,
            )
        }
        progress?.finished(cell, operation, series.stats)
        return Measurement(
            row(
                cell,
                operation,
                series.stats,
                series.samples,
                subject.payloadBytes,
                gzipBytes.value,
                series.halvesDropped,
                series.compilingRepeats,
            ),
            series.samples,
        )
    }

    private inline fun <R> withContext(cell: Cell, operation: Operation, block: () -> R): R = try {
        block()
    } catch (e: Exception) {
        throw IllegalStateException("$cell: failed to ${operation.verb}: ${e.message}", e)
    }

    companion object {
        /** Elements in each codec's first warm-up on a shape (fewer when the shape's sizes are all smaller). */
        const val WARM_UP_SIZE = 1_000

        /** Each codec's first warm-up on a shape lasts this many times `warmupMillis`. */
        const val CODEC_WARM_UP_FACTOR = 2

        /**
         * A warm-up that would end goes on until the JIT compilers have finished nothing for this long ([JitQuiet]):
         * longer than most of their compilations take, so that a pause between two of them does not end it.
         */
        const val JIT_QUIET_MILLIS = 100L

        /** ... but for at most this many times `warmupMillis`: a JIT that never goes quiet does not hold the run. */
        const val JIT_WAIT_FACTOR = 4

        /**
         * ... and on a document (`bench.input`, a `bench.model` document, the set of `bench.documentSet`), this many:
         * a document is code new to the JVM, and a parallel codec's own for it (slices, merges) went on compiling for
         * about 3 s of calls on a 100 KB document, taking the second core of two from its splits all that time (slower
         * than `Json` alone then, faster after).
         */
        const val DOCUMENT_JIT_WAIT_FACTOR = 20

        /**
         * A document's timed repetition lasts at least this many times `bench.minRepetitionMicros`: a fork times a
         * fifth of the repetitions, and at 1 ms each a small document's calls filled 20 ms of it, whose mean moved with
         * the JVM (one fork writing a 40 KB document at 126 us a call, four at 77-78 us, the same code); at 10 ms,
         * 74-86 us (docs/measurements/2026-12-04-documents-begun-ahead-learn-their-cost.md).
         */
        const val DOCUMENT_REPETITION_FACTOR = 10

        /** A series whose second half ran this much faster than its first (median) was not at steady state. */
        const val STEADY_DRIFT_PERCENT = 5.0

        /**
         * Such a series was still warming up only where a one-sided rank test also finds its second half faster,
         * below this p-value ([Drift.warmingUp]): a steady series slides on its noise in at most one case in twenty.
         */
        const val DRIFT_ALPHA = 0.05

        /** At most this many half series are dropped for drift; the last series is kept whatever its drift. */
        const val MAX_REPEATS = 2

        /**
         * At most this many series are made again because the JIT compiled through their timed calls
         * ([CompiledThrough]); the last is kept whatever its compiling.
         */
        const val MAX_COMPILING_REPEATS = 1

        /** The row of one series: [stats] of [samples], for a payload of [payloadBytes] ([gzipBytes] gzipped). */
        fun row(
            cell: Cell,
            operation: Operation,
            stats: Statistics,
            samples: Samples,
            payloadBytes: Int,
            gzipBytes: Int,
            repeats: Int,
            compilingRepeats: Int = 0,
        ) = ResultRow(
            codec = cell.codec,
            codecName = cell.codecName,
            format = cell.format,
            operation = operation,
            shape = cell.shape,
            size = cell.size,
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
            compilingRepeats = compilingRepeats,
            allocatedBytesPerOp = samples.allocatedBytesPerOp,
            gcCount = samples.gc.count,
            gcTimeMillis = samples.gc.timeMillis,
            jitTimeMillis = samples.jitMillis,
            durationsNanos = listOf(samples.durationsNanos.asList()),
            callsPerRepetition = listOf(samples.callsPerRepetition),
            listsSplit = listOfNotNull(samples.splits?.split),
            listsWhole = listOfNotNull(samples.splits?.whole),
        )
    }
}
