package serialbench.run

import serialbench.codec.ShapeSupport
import serialbench.codecs.Codecs
import serialbench.data.DataFiles
import serialbench.data.Shape
import serialbench.data.isOneDocument
import serialbench.input.InputDocument
import serialbench.jvm.JvmFlagsCheck
import serialbench.measure.CodecBenchmark
import serialbench.measure.ForkEta
import serialbench.measure.GcPhase
import serialbench.measure.GzipSizes
import serialbench.measure.Measurement
import serialbench.measure.PhaseClock
import serialbench.measure.Progress
import serialbench.measure.ReferenceWorkload
import serialbench.model.ModelException
import serialbench.model.ModelShapes
import serialbench.report.ReportFiles
import serialbench.results.BenchmarkResults
import serialbench.results.CodecPair
import serialbench.results.ColdStartRow
import serialbench.results.Environment
import serialbench.results.ForkMachine
import serialbench.results.ModelInfo
import serialbench.results.RobustnessResults
import serialbench.results.RunMethod
import serialbench.results.RunPhase
import serialbench.results.ShapeInfo
import serialbench.results.UnsupportedCell
import serialbench.robustness.RobustnessRun
import serialbench.statistics.Statistics
import java.io.File
import java.io.IOException
import java.io.UncheckedIOException

/**
 * The benchmark as a program: turns a [BenchConfig] into [BenchmarkResults]. Entry points (the `perf` test, the
 * JMH cross-check, a fork's `main`) only call [run] and write or check what it returns.
 *
 * Every JVM that measures creates the run's codecs and its kinds of measurement ([Probe]: the generated lists, the
 * `bench.input` file, the `bench.io` paths, the decodes from a stream of `bench.streaming`), warms each up, then has
 * each measure in turn ([measureHere]). With `forks = 0` that JVM is this one, after each codec's cold start in a
 * JVM of its own. With `forks = N` (5 by default) each codec runs N times in a JVM of its own ([Forks]), which
 * measures its cold start first and then does the above for that codec alone, with its share of the repetitions;
 * each kind's rows of the N JVMs are pooled. With `bench.streaming`, this JVM then runs the bounded-memory decodes
 * ([StreamingMemory]).
 *
 * With `bench.input`, the user's file is one more shape, measured last in tree mode ([InputProbe]); it is read and
 * checked here, before anything runs. Data that would not fit the heap is refused before anything runs
 * ([HeapCheck]). With `bench.writeData`, [run] first writes the data of every shape and size as JSON files
 * ([DataFiles]). Last, unless `bench.robustness.cases` is 0, every codec decodes damaged and foreign payloads
 * ([RobustnessRun]) in this JVM, after everything timed.
 *
 * Its wall time goes to the phases of [clock] ([RunPhase]), which the results record ([BenchmarkResults.phaseNanos]).
 */
class BenchmarkRun internal constructor(
    private val config: BenchConfig,
    private val clock: PhaseClock,
    /** What each codec weighs in the forks' ETA ([ForkEta.weightsOf] an earlier run); equal when empty. */
    private val etaWeights: Map<String, Double>,
    private val log: (String) -> Unit,
    /** The kinds of measurement each JVM that measures makes, in order ([Probes.DEFAULT], or a test's own). */
    private val probeFactories: List<Probe.Factory>,
    /** The gzip sizes an earlier run of the same JVM found ([BenchmarkResults.gzipSizes]): not compressed again. */
    private val earlierGzipSizes: Map<String, Int> = emptyMap(),
) {
    constructor(
        config: BenchConfig,
        clock: PhaseClock = PhaseClock(RunPhase.OTHER),
        etaWeights: Map<String, Double> = emptyMap(),
        earlierGzipSizes: Map<String, Int> = emptyMap(),
        log: (String) -> Unit = {},
    ) : this(config, clock, etaWeights, log, Probes.DEFAULT, earlierGzipSizes)

    init {
        // Before the file is read, in tree mode and for bench.model alike (making the model's shape reads it): the
        // file alone must fit the JVM that measures, this one or forks chosen for it (which refuse what cannot fit).
        config.input?.let { file ->
            val flags = if (config.forks == 0) {
                BenchmarkJvm.ownFlags
            } else {
                BenchmarkJvm.forkFlags(config.jvmArgs, { HeapCheck.inputNeed(file) }).flags
            }
            HeapCheck.refuseInputThatCannotFit(file, BenchmarkJvm.maxHeapBytes(config.forks, flags))
        }
    }

    private val shapes: List<Shape<*>> = config.shapeList

    /** The flags of the JVM that measures: this one's, or the forks' ([BenchmarkJvm]), and where they come from. */
    private val chosenFlags: BenchmarkJvm.Chosen = if (config.forks == 0) {
        BenchmarkJvm.Chosen(BenchmarkJvm.ownFlags, "this JVM's own (${BenchOptions.FORKS}=0)")
    } else {
        BenchmarkJvm.forkFlags(config.jvmArgs, { HeapCheck.largestNeed(config) })
    }
    private val jvmFlags: List<String> = chosenFlags.flags

    init {
        // Once, before the first fork: a flag the JVM refuses would otherwise fail every fork, after others ran.
        if (config.forks > 0) {
            clock.time(RunPhase.JVM_STARTS) { JvmFlagsCheck.refusal(jvmFlags) }?.let { said ->
                throw IllegalArgumentException(
                    "${BenchmarkJvm.JVM_ARGS}: the forks' flags `${jvmFlags.joinToString(" ")}` " +
                        "(${chosenFlags.origin}) do not start a JVM: $said; allowed: flags with which " +
                        "`java -version` starts",
                )
            }
        }
        // So is the heap of the bounded-memory decodes, whose JVMs start after every fork.
        if (config.streaming && config.streamingMemorySize > 0) {
            val flags = StreamingMemory.childFlags(config.streamingMemoryHeap)
            clock.time(RunPhase.JVM_STARTS) { JvmFlagsCheck.refusal(flags) }?.let { said ->
                throw IllegalArgumentException(
                    "${BenchOptions.STREAMING_MEMORY_HEAP}='${config.streamingMemoryHeap}': `${flags.single()}` does " +
                        "not start a JVM: $said; allowed: a heap with which `java -version` starts",
                )
            }
        }
    }

    private val measuringHeapBytes = BenchmarkJvm.maxHeapBytes(config.forks, jvmFlags)

    init {
        config.input?.let { HeapCheck.refuseInputThatCannotFit(it, measuringHeapBytes) }
    }

    private val input: InputDocument? = config.input?.takeIf { config.model == null }?.let(InputDocument::read)

    init {
        for (shape in shapes.filter { it.isOneDocument }) {
            val sizes = config.sizesOf(shape)
            require(sizes == listOf(1)) {
                "${BenchOptions.SIZES}=${sizes.joinToString(",")}: shape ${shape.id} is one document (the top level " +
                    "of ${BenchOptions.INPUT} is an object), measured as itself at size 1 only; " +
                    "leave ${BenchOptions.SIZES} unset"
            }
        }
        HeapCheck.refuseWhatCannotFit(config, measuringHeapBytes)
    }

    fun run(): BenchmarkResults {
        val bindings = shapes.filter { it.extension(ModelShapes.SAMPLE) != null }.associate { it.id to bindings(it) }
        val reference = ReferenceWorkload()
        val walk = ReferenceWorkload(ReferenceWorkload.Kernel.TABLE_WALK)
        val startNanos = reference.medianNanos()
        val walkStartNanos = walk.medianNanos()
        log("reference workload at the start: ${startNanos.toLong()} ns; table walk: ${walkStartNanos.toLong()} ns")
        config.writeData?.let(::writeData)
        if (config.forks > 0) {
            val ownFlags = BenchmarkJvm.ownFlags.joinToString(" ").ifEmpty { "no -X flags" }
            log(
                "forks start with ${jvmFlags.joinToString(" ")} (${chosenFlags.origin}); this JVM, which only " +
                    "starts them, with $ownFlags",
            )
        }
        val part = if (config.forks == 0) {
            measureHere(gzipSizes = GzipSizes(earlierGzipSizes))
        } else {
            Forks(config, jvmFlags, log, clock, etaWeights, earlierGzipSizes) {
                ColdStart.cell(it, shapes, config)
            }.run()
        }
        val rows = Measurement.withRatios(part.measurements(ResultsSection.RESULTS), config.baseline)
        val streamingMemory = if (config.streaming) {
            clock.time(RunPhase.STREAMING) { StreamingMemory.measure(config, scratchDirectory(), log) }
        } else {
            emptyList()
        }
        return BenchmarkResults(
            environment = Environment.capture(config.threads, config.inForce()),
            results = rows,
            coldStart = part.coldStart,
            method = method(bindings),
            unsupported = part.unsupported,
            streaming = part.measurements(ResultsSection.STREAMING).map { it.row },
            streamingMemory = streamingMemory,
            ioPaths = part.measurements(ResultsSection.IO_PATHS).map { it.row },
            ceiling = part.measurements(ResultsSection.CEILING).map { it.row },
            documentSet = part.measurements(ResultsSection.DOCUMENT_SET).map { it.row },
            robustness = clock.time(RunPhase.ROBUSTNESS) { robustness() },
            forkMachines = part.forkMachines,
            gzipSizes = part.gzipSizes,
        ).let { results ->
            val endNanos = reference.medianNanos()
            val walkEndNanos = walk.medianNanos()
            log("reference workload at the end: ${endNanos.toLong()} ns; table walk: ${walkEndNanos.toLong()} ns")
            results.copy(
                stability = reference.stability(startNanos, endNanos),
                walkStability = walk.stability(walkStartNanos, walkEndNanos),
                phaseNanos = clock.snapshot(),
            )
        }
    }

    /** Last, in this JVM: nothing is timed after it, so a decode that hangs cannot disturb a measurement. */
    private fun robustness(): RobustnessResults? {
        if (config.robustnessCases == 0) return null
        val generated = shapes.filter { it.extension(ModelShapes.SAMPLE) == null }
        if (generated.isEmpty()) {
            log(
                "robustness: skipped, no built-in shape in this run (a bench.input file is measured in tree mode " +
                    "or as bench.model's type, not damaged)",
            )
            return null
        }
        log(
            "robustness: up to ${config.robustnessCases} truncations and bit flips per codec and shape, " +
                "and foreign payloads",
        )
        val cases = config.robustnessCases
        return RobustnessRun(config.codecs, generated, config.seed, cases, config.threads, log = log).run()
    }

    /**
     * Measures every codec of the configuration in this JVM, kind by kind ([Probe]). [coldStartHere]: this JVM was
     * started for one codec (a fork), which measures its first calls on that shape and size before anything else; a
     * later fork of the codec ([inFork], without a cell) measures none; otherwise each codec's cold start runs in a
     * fresh JVM ([ColdStartProbe]). Without [measuresGzip] (a codec's later fork), its lists' rows leave the
     * payload's gzip size to the first fork. [gzipSizes] holds the sizes known in the run, from earlier forks; [young],
     * the young generation as an earlier fork measured it ([GcPhase]).
     */
    internal fun measureHere(
        coldStartHere: Pair<String, Int>? = null,
        inFork: Boolean = false,
        measuresGzip: Boolean = true,
        gzipSizes: GzipSizes = GzipSizes(),
        young: GcPhase.Measured? = null,
    ): RunPart = clock.time(RunPhase.SETUP) { measureCodecs(coldStartHere, inFork, measuresGzip, gzipSizes, young) }

    private fun measureCodecs(
        coldStartHere: Pair<String, Int>?,
        inFork: Boolean,
        measuresGzip: Boolean,
        gzipSizes: GzipSizes,
        young: GcPhase.Measured?,
    ): RunPart {
        check(coldStartHere == null || config.codecs.size == 1) { "a fork measures one codec, not ${config.codecs}" }
        val steps = shapes.flatMap { shape -> config.sizesOf(shape).map { shape.id to it } } +
            listOfNotNull(input?.let { it.shapeId to it.size })
        val progress = Progress(steps, config.codecs.size, { line -> log(line) })
        val benchmark = CodecBenchmark(
            config.repetitions,
            config.warmup,
            config.warmupMillis,
            progress,
            clock,
            measuresGzip,
            gzipSizes,
            config.minRepetitionMicros,
            gcPhase = if (inFork) GcPhase(given = young).also(GcPhase::prepare) else null,
        )
        // a fork's record of the machine (ForkMachine): the reference workload and the table walk before its first
        // series, between sizes and after its last, once the JVM's start-up and the codec warm-up have compiled what
        // they compile
        val reference = if (inFork) ReferenceWorkload() else null
        val walk = if (inFork) ReferenceWorkload(ReferenceWorkload.Kernel.TABLE_WALK) else null
        val referenceNanos = mutableListOf<Double>()
        val walkNanos = mutableListOf<Double>()
        val readMachine: () -> Unit = {
            if (reference != null && walk != null) {
                clock.time(RunPhase.MACHINE_READINGS) {
                    referenceNanos += reference.medianNanos()
                    walkNanos += walk.medianNanos()
                }
            }
        }
        val codecs = lazy { config.codecs.map { Codecs.create(it, config.threads, shapes) } }
        val probes = mutableListOf<Probe>()
        try {
            val context = ProbeContext(
                config,
                shapes,
                codecs,
                input,
                benchmark,
                clock,
                scratchDirectory(),
                log,
                coldStartHere,
                inFork,
                gzipSizes,
                readMachine,
            )
            probeFactories.mapNotNullTo(probes) { it.create(context) }
            check(!codecs.isInitialized()) { "a probe's factory made the codecs before the cold start: $probes" }
            probes.forEach { it.beforeCodecs() }
            probes.forEach { it.warmUp() }
            readMachine()
            progress.start()
            val rows = probes.map { probe ->
                probe.phase?.let { clock.time(it) { probe.measure() } } ?: probe.measure()
            }
            readMachine()
            return RunPart(
                rows,
                referenceNanos = referenceNanos,
                walkNanos = walkNanos,
                referenceBusyReadings = (reference?.busyReadings ?: 0) + (walk?.busyReadings ?: 0),
                gzipSizes = gzipSizes.asked(),
                seriesInYoungCycle = benchmark.gcPhase?.seriesPlaced,
                young = benchmark.gcPhase?.measured,
            )
        } finally {
            probes.forEach { it.close() }
            if (codecs.isInitialized()) codecs.value.forEach { it.close() }
        }
    }

    private fun writeData(directory: File) {
        val files = try {
            val generated = shapes.filter { it.extension(ModelShapes.SAMPLE) == null }
            DataFiles.write(directory, generated.map { it to config.sizesOf(it) }, config.seed)
        } catch (e: IOException) {
            throw UncheckedIOException("${BenchOptions.WRITE_DATA}='${directory.path}': ${e.message}", e)
        }
        for (file in files) log("data written: ${file.path} (${file.length()} bytes)")
    }

    /**
     * How each codec of the run that can measure the user's type [shape] binds it, by codec id; fails, before
     * anything is timed, when none can, naming each codec's reason. Each codec's check (reading the file, keeping
     * the data) runs again in the JVM that measures it.
     */
    private fun bindings(shape: Shape<*>): Map<String, String> {
        val supports = config.codecs.associateWith { id ->
            Codecs.create(id, config.threads, shapes).use { codec -> codec.support(shape) to codec.binding }
        }
        val bound = supports.filterValues { (support, _) -> support is ShapeSupport.Supported }
        if (bound.isNotEmpty()) return bound.mapValues { (_, supported) -> supported.second }
        val reasons = supports.map { (id, supported) -> "$id: ${(supported.first as ShapeSupport.Unsupported).reason}" }
        throw ModelException(
            "no codec of ${BenchOptions.CODECS}=${config.codecs.joinToString(",")} can measure " +
                "${shape.elementClass.name}:\n  " + reasons.joinToString("\n  "),
        )
    }

    /**
     * Where large scratch files go (the bounded-memory input of `bench.streaming`, the files of `bench.io`'s `file`
     * path in [IoProbe.DIRECTORY]): the module's `target/`.
     */
    private fun scratchDirectory() = ReportFiles.buildDirectory()

    private fun method(bindings: Map<String, Map<String, String>>) = RunMethod(
        repetitions = Forks.repetitionsPerRow(config),
        warmupCalls = config.warmup,
        warmupMillis = config.warmupMillis,
        codecWarmUpMillis = config.warmupMillis * CodecBenchmark.CODEC_WARM_UP_FACTOR,
        codecWarmUpSize = CodecBenchmark.WARM_UP_SIZE,
        steadyDriftPercent = CodecBenchmark.STEADY_DRIFT_PERCENT,
        driftAlpha = CodecBenchmark.DRIFT_ALPHA,
        warmUpEndsWhenSteady = true,
        maxRepeatedSeries = CodecBenchmark.MAX_REPEATS,
        confidenceLevel = Statistics.CONFIDENCE_LEVEL,
        forks = config.forks,
        jvmFlags = jvmFlags,
        jvmFlagsOrigin = chosenFlags.origin,
        coldStartSize = ColdStart.SIZE,
        coldStartJvmFlags = if (config.forks == 0) ColdStart.JVM_FLAGS else jvmFlags,
        seed = config.seed,
        threads = config.threads,
        baseline = config.baseline,
        shapes = shapes.map { ShapeInfo(it.id, it.description, config.sizesOf(it), model = modelInfo(it, bindings)) } +
            listOfNotNull(input?.let { ShapeInfo(it.shapeId, it.description, listOf(it.size), it.outline) }),
        parallelPairs = Codecs.parallelPairs.map { (multi, single) -> CodecPair(multi, single) },
        errorOverForkMeans = true,
        warmUpBeforeRepeatedSeries = false,
        warmupMillisOncePerCode = true,
        laterWarmUpWithinMillis = true,
        laterWarmUpFromPlainCallStart = true,
        jitQuietMillis = CodecBenchmark.JIT_QUIET_MILLIS,
        maxJitWaitMillis = config.warmupMillis * CodecBenchmark.JIT_WAIT_FACTOR,
        documentMaxJitWaitMillis = config.warmupMillis * CodecBenchmark.DOCUMENT_JIT_WAIT_FACTOR,
        driftDropsHalfSeries = true,
        minRepetitionMicros = config.minRepetitionMicros,
        documentMinRepetitionMicros = config.minRepetitionMicros * CodecBenchmark.DOCUMENT_REPETITION_FACTOR,
        forksInRounds = true,
        codecWarmUpCompilesSmallest = true,
        driftNeedsCompilation = true,
        maxCompilingRepeats = CodecBenchmark.MAX_COMPILING_REPEATS,
        timedCallsAtRandomYoungCycle = config.forks > 0,
    )

    private fun modelInfo(shape: Shape<*>, bindings: Map<String, Map<String, String>>): ModelInfo? {
        val sample = shape.extension(ModelShapes.SAMPLE) ?: return null
        val bound = bindings[shape.id].orEmpty()
        return ModelInfo(
            sample.className,
            sample.file,
            sample.classpath,
            sample.referenceCodec,
            bound,
            measuredAsDocument = shape.isOneDocument,
        )
    }

    /**
     * What one JVM measured, or its forks pooled: each probe's rows with their samples (or cold starts) and the cells
     * it cannot measure ([ProbeRows]); with forks, each fork's record of the machine.
     */
    internal class RunPart(
        val probes: List<ProbeRows>,
        /** Each fork's record of the machine; empty when measured in this JVM. */
        val forkMachines: List<ForkMachine> = emptyList(),
        /** In a fork, the reference workload before each size's series and after the last; else empty. */
        val referenceNanos: List<Double> = emptyList(),
        /** In a fork, the table walk at the same moments as [referenceNanos]; else empty. */
        val walkNanos: List<Double> = emptyList(),
        /**
         * In a fork, the readings of the reference workload and the table walk made again
         * ([ReferenceWorkload.busyReadings]).
         */
        val referenceBusyReadings: Int = 0,
        /** The gzip sizes of the payloads measured, by [GzipSizes.key]. */
        val gzipSizes: Map<String, Int> = emptyMap(),
        /** In a fork, its series whose timed calls began at a random place in the young generation's cycle. */
        val seriesInYoungCycle: Int? = null,
        /** In a fork, its young generation as measured (or given), for the next fork ([GcPhase.measured]). */
        val young: GcPhase.Measured? = null,
    ) {
        /** The cold starts measured ([ColdStartProbe]). */
        val coldStart: List<ColdStartRow> get() = probes.flatMap { it.coldStart }

        /** The cells no probe could measure, with the reason. */
        val unsupported: List<UnsupportedCell> get() = probes.flatMap { it.unsupported }.distinct()

        /** The rows of the kinds that fill [section] of the results file, in the order the probes ran. */
        fun measurements(section: ResultsSection): List<Measurement> =
            probes.filter { it.kind.section == section }.flatMap { it.measurements }
    }
}
