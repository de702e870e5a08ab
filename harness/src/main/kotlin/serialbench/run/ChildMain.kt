package serialbench.run

import serialbench.jvm.ChildChannel
import serialbench.measure.GzipSizes
import serialbench.measure.PhaseClock
import serialbench.results.RunPhase

/**
 * The `main` of every child JVM the benchmark starts (forks, cold starts, bounded-memory decodes): reads one
 * [ChildTask], runs it and hands back its [ChildResult] through [ChildChannel]; [inChild] is the parent's side.
 * Progress goes to standard output, which the parent relays or keeps for its error messages.
 */
object ChildMain {
    internal val channel = ChildChannel(ChildTask.serializer(), ChildResult.serializer())

    /**
     * Runs [task] in a child JVM with [flags] and returns its result, which must be an [R]. Throws
     * [serialbench.jvm.ChildJvmException] naming the child ([describe]) if it fails.
     */
    internal inline fun <reified R : ChildResult> inChild(
        describe: String,
        flags: List<String>,
        task: ChildTask,
        timeoutMillis: Long,
        noinline onLine: (String) -> Unit = {},
    ): R {
        val result = channel.call(describe, ChildMain::class.java, flags, task, timeoutMillis, onLine)
        return checkNotNull(result as? R) {
            "$describe: a ${result::class.simpleName} came back, not a ${R::class.simpleName}"
        }
    }

    @JvmStatic
    fun main(args: Array<String>) {
        channel.serve(args, ::perform)
    }

    private fun perform(task: ChildTask): ChildResult = when (task) {
        is ChildTask.MeasureFork -> {
            val clock = PhaseClock(RunPhase.SETUP)
            val config = BenchConfig.from(task.options::get)
            val coldStart = task.coldStart?.let { it.shape to it.size }
            val gzipSizes = GzipSizes(task.gzipSizes)
            val part = BenchmarkRun(config, clock) { line -> println(line) }
                .measureHere(coldStart, true, task.measuresGzip, gzipSizes, task.young)
            ChildResult.ForkMeasured(ForkOutput.of(part, clock.snapshot(), gzipSizes.asked()))
        }

        is ChildTask.MeasureColdStart -> ChildResult.ColdStartMeasured(ColdStart.measureHere(task))

        is ChildTask.DecodeInBoundedMemory -> ChildResult.DecodedInBoundedMemory(BoundedMemoryDecode.measure(task))
    }
}
