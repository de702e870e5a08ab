package serialbench.run

import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.codecs.Codecs
import serialbench.data.Shape
import serialbench.measure.Cell
import serialbench.measure.ConcurrentSubject
import serialbench.measure.Measurement
import serialbench.measure.Subject
import serialbench.results.RunPhase

/**
 * The ceiling of a split (`bench.ceiling`): each single-threaded engine that a parallel codec drives
 * ([Codecs.parallelPairs]) timed on `bench.threads` threads at once, each thread its own call of the same work
 * ([ConcurrentSubject]), at every shape and size the lists are measured at, after them (the engine is warm). Each
 * cell's series of one call alone come right before its rounds', so that the machine's drift over a run does not
 * come between them: a round's time against one call's gives how much more of this work the machine does on those
 * threads than on one, which memory, caches and the garbage collector shared by the threads hold below the thread
 * count. Rows go to the results' `ceiling`, each with its `concurrentCalls` (1 alone).
 */
internal class CeilingProbe(private val context: ProbeContext, private val threads: Int) : Probe {
    override val kind: ProbeKind get() = KIND

    override val phase: RunPhase get() = RunPhase.CEILING

    private val config = context.config

    private val benchmark = context.quietBenchmark()

    override fun measure(): ProbeRows {
        val engines = context.codecs.filter { it.id in ENGINES }
        val measurements = context.shapes.flatMap { shape ->
            config.sizesOf(shape).flatMap { size -> engines.flatMap { measure(it, shape, size) } }
        }
        return ProbeRows(KIND, measurements, emptyList())
    }

    private fun <T : Any> measure(codec: Codec, shape: Shape<T>, size: Int): List<Measurement> {
        val support = codec.support(shape) as? ShapeSupport.Supported ?: return emptyList()
        val cell = Cell.of(codec, shape.id, size)
        context.log("$cell: $threads calls at once")
        val objects = shape.generate(config.seed, size)
        val subjects = List(threads) { Subject.ofList(support.codec, objects, support.dataChange != null) }
        val alone = benchmark.run(cell, subjects[0]).map { Measurement(it.row.copy(concurrentCalls = 1), it.samples) }
        return alone + ConcurrentSubject(subjects).use { round ->
            benchmark.run(cell, round).map { Measurement(it.row.copy(concurrentCalls = round.calls), it.samples) }
        }
    }

    companion object : Probe.Factory {
        val KIND = ProbeKind("ceiling", ResultsSection.CEILING)

        /** The codecs a parallel codec drives. */
        val ENGINES: Set<String> = Codecs.parallelPairs.map { (_, single) -> single }.toSet()

        override fun create(context: ProbeContext): Probe? =
            if (measures(context.config)) CeilingProbe(context, context.config.threads) else null

        /** Whether a run of [config] times rounds: `bench.ceiling`, and two threads or more to run them on. */
        fun measures(config: BenchConfig): Boolean = config.ceiling && config.threads >= 2
    }
}
