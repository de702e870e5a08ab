package serialbench.run

import serialbench.measure.ForkEta
import serialbench.measure.GcPhase
import serialbench.measure.PhaseClock
import serialbench.results.RunPhase
import java.util.concurrent.TimeUnit

/**
 * Measures each codec of [config] in [BenchConfig.forks] JVMs of its own, as JMH forks do: a codec's figures then do
 * not depend on which other codecs shared its JVM, and its error and verdicts include the spread from one JVM to the
 * next. The forks run one at a time in rounds, the first fork of every codec, then the second of every codec, and so
 * on, so that a machine that speeds up or slows down during the run weighs on every codec's forks alike, not on
 * the codecs measured at that time. The forks share `bench.repetitions`: each runs its part
 * ([repetitionsPerFork]), so more forks cost JVM starts and warm-ups, not more timed repetitions. Each fork is a child
 * JVM ([ChildMain]) with [jvmFlags] (the benchmark JVM's) given a [ChildTask.MeasureFork]: it measures its cold start
 * first and hands back its rows with their raw samples; the repetitions of a codec's forks are then pooled
 * ([ForkPool]). Each fork's wall time goes to [clock]: the phases the fork measured itself, and the rest (its JVM
 * starting and exiting) to [RunPhase.JVM_STARTS].
 */
internal class Forks(
    private val config: BenchConfig,
    private val jvmFlags: List<String>,
    private val log: (String) -> Unit,
    private val clock: PhaseClock,
    private val etaWeights: Map<String, Double>,
    /** The gzip sizes an earlier run of the same JVM found ([serialbench.measure.GzipSizes]). */
    earlierGzipSizes: Map<String, Int> = emptyMap(),
    private val coldStartCell: (codecId: String) -> Pair<String, Int>?,
) {
    /** The payloads' gzip sizes known so far, handed to each next fork ([ChildTask.MeasureFork]). */
    private val gzipSizes = HashMap(earlierGzipSizes)

    /** Those of the payloads this run's forks asked for: the run's own. */
    private val askedGzipSizes = HashMap<String, Int>()

    /** The young generation as the last fork measured it, handed to the next: all start with [jvmFlags]. */
    private var young: GcPhase.Measured? = null

    fun run(): BenchmarkRun.RunPart {
        val eta = ForkEta(config.codecs, config.forks, etaWeights)
        val coldStarts = config.codecs.associateWith { codec ->
            coldStartCell(codec)?.let { (shape, size) -> ColdStartCell(shape, size) }
        }
        val parts = (1..config.forks).flatMap { fork ->
            config.codecs.mapIndexed { index, codec ->
                val describe = "fork $fork of codec $codec"
                log(
                    "$describe (round $fork of ${config.forks}, codec ${index + 1} of ${config.codecs.size}): " +
                        "starting | ${eta.line()}",
                )
                val firstOfRun = fork == 1 && index == 0
                runFork(codec, fork, coldStarts[codec].takeIf { fork == 1 }, describe, eta, firstOfRun)
            }
        }
        return BenchmarkRun.RunPart(
            probes = ForkPool.poolKinds(parts.flatMap { it.probes }),
            forkMachines = parts.flatMap { it.forkMachines },
            gzipSizes = askedGzipSizes.toMap(),
        )
    }

    /**
     * Fork [fork] (1 first) of [codec], done in [eta] with its one-off costs: the first measures the cold start and the
     * payload's gzip size; the run's first fork ([firstOfRun]) is also the first JVM to touch its heap, which on a
     * machine whose memory was not freed in large pages just before takes seconds (12 s against 0.4 s right after, on
     * the 2-core machine on 2026-12-02).
     */
    private fun runFork(
        codec: String,
        fork: Int,
        coldStart: ColdStartCell?,
        describe: String,
        eta: ForkEta,
        firstOfRun: Boolean,
    ): BenchmarkRun.RunPart {
        val options = optionsOf(config, codec)
        // Surefire captures this JVM's output; the fork's lines are relayed through it, not written to its stream.
        val startNanos = System.nanoTime()
        val result = clock.time(RunPhase.JVM_STARTS) {
            ChildMain.inChild<ChildResult.ForkMeasured>(
                describe,
                jvmFlags,
                ChildTask.MeasureFork(options, coldStart, fork == 1, gzipSizes.toMap(), young),
                TimeUnit.MINUTES.toMillis(TIMEOUT_MINUTES),
            ) { line -> log("[$codec] $line") }
        }
        clock.split(RunPhase.JVM_STARTS, result.output.phaseNanos)
        val forkNanos = System.nanoTime() - startNanos
        val jvmNanos = (forkNanos - result.output.phaseNanos.values.sum()).coerceAtLeast(0)
        val oneOffNanos = ONE_OFF_PHASES.sumOf { result.output.phaseNanos[it] ?: 0L } + if (firstOfRun) jvmNanos else 0
        eta.forkDone(codec, oneOffNanos)
        gzipSizes += result.output.gzipSizes
        askedGzipSizes += result.output.gzipSizes
        result.output.young?.let { young = it }
        return result.output.toRunPart(result.output.machine(codec, fork))
    }

    companion object {
        /** Each fork's share of [repetitions] among [forks]: the pooled row has at least [repetitions]. */
        fun repetitionsPerFork(repetitions: Int, forks: Int): Int = (repetitions + forks - 1) / forks

        /** The repetitions of a row of [config]'s run: its own in this JVM; pooled, each fork's part rounded up. */
        fun repetitionsPerRow(config: BenchConfig): Int = if (config.forks == 0) {
            config.repetitions
        } else {
            repetitionsPerFork(config.repetitions, config.forks) * config.forks
        }

        private const val TIMEOUT_MINUTES = 90L

        /** What a codec's first fork pays and its later forks do not ([ForkEta.forkDone]). */
        private val ONE_OFF_PHASES = listOf(RunPhase.COLD_STARTS, RunPhase.GZIP_SIZES)

        /**
         * The options a fork of [codec] starts with: [config]'s given ones, for [codec] alone and its share of the
         * repetitions, less what only this JVM uses and what times nothing of [codec] (which a run of [codec] alone
         * refuses as having no effect: the document set of a codec it does not time, the ceiling of a codec that is
         * no parallel codec's engine).
         */
        fun optionsOf(config: BenchConfig, codec: String): Map<String, String> {
            val notTiming = setOfNotNull(
                BenchConfig.DOCUMENT_SET.takeIf { codec !in DocumentSetProbe.CODECS },
                BenchConfig.CEILING.takeIf { codec !in CeilingProbe.ENGINES },
            )
            return config.asProperties() - PARENT_ONLY - notTiming + mapOf(
                BenchConfig.CODECS to codec,
                BenchConfig.FORKS to "0",
                BenchConfig.REPETITIONS to "${repetitionsPerFork(config.repetitions, config.forks)}",
            )
        }

        /** What only this JVM uses (the comparison with a baseline), and which would refuse a fork's one codec. */
        private val PARENT_ONLY = setOf(
            BenchConfig.BASELINE,
            BenchConfig.BASELINE_RESULTS,
            BenchConfig.BASELINE_THRESHOLD,
            BenchConfig.BASELINE_FAIL_ON,
        )
    }
}
