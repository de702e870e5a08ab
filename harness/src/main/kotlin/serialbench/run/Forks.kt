package serialbench.run

import java.io.File
import java.util.concurrent.TimeUnit
import serialbench.jvm.ChildJvm

/**
 * Measures each codec of [config] in [BenchConfig.forks] JVMs of its own, one after the other, as JMH forks do:
 * a codec's figures then do not depend on which other codecs shared its JVM. Each fork runs [ForkMain] in a
 * [ChildJvm] with [jvmFlags] (the benchmark JVM's), measures its cold start first, and writes its
 * rows and raw samples to a file; the repetitions of a codec's forks are then pooled ([ForkPool]).
 */
internal class Forks(
    private val config: BenchConfig,
    private val jvmFlags: List<String>,
    private val log: (String) -> Unit,
    private val coldStartCell: (codecId: String) -> Pair<String, Int>?,
) {
    fun run(): BenchmarkRun.RunPart {
        val parts = config.codecs.flatMapIndexed { index, codec ->
            val coldStart = coldStartCell(codec)
            (1..config.forks).map { fork ->
                val label = "fork $fork of ${config.forks} for $codec (codec ${index + 1} of ${config.codecs.size})"
                log("$label: starting")
                runFork(codec, coldStart.takeIf { fork == 1 }, label)
            }
        }
        return BenchmarkRun.RunPart(
            measurements = ForkPool.pool(parts.flatMap { it.measurements }),
            coldStart = parts.flatMap { it.coldStart },
            unsupported = parts.flatMap { it.unsupported }.distinct(),
            streaming = ForkPool.pool(parts.flatMap { it.streaming }),
            io = ForkPool.pool(parts.flatMap { it.io }),
        )
    }

    private fun runFork(codec: String, coldStart: Pair<String, Int>?, label: String): BenchmarkRun.RunPart {
        val output = File.createTempFile("serialbench-fork-$codec-", ".json")
        val properties = config.asProperties() - setOf(BenchConfig.BASELINE, BenchConfig.BASELINE_RESULTS, BenchConfig.BASELINE_THRESHOLD, BenchConfig.BASELINE_FAIL_ON) +
            mapOf(BenchConfig.CODECS to codec, BenchConfig.FORKS to "0", ForkMain.OUTPUT to output.path) +
            (coldStart?.let { (shape, size) -> mapOf(ForkMain.COLD_START to "$shape:$size") } ?: emptyMap())
        try {
            // Surefire captures this JVM's output; the fork's lines are relayed through it, not written to its stream.
            val finished = ChildJvm(label, ForkMain::class.java, jvmFlags, properties = properties)
                .run(TimeUnit.MINUTES.toMillis(TIMEOUT_MINUTES)) { line -> log("[$codec] $line") }
            check(finished.exitCode == 0 && output.length() > 0) {
                "$label exited with ${finished.exitCode} and no results; its output ends with:\n${finished.tailText()}"
            }
            return ForkOutput.read(output).toRunPart()
        } finally {
            output.delete()
        }
    }

    private companion object {
        const val TIMEOUT_MINUTES = 90L
    }
}
