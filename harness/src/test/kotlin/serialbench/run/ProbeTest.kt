package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.data.Shape
import serialbench.measure.Cell
import serialbench.measure.Measurement
import serialbench.measure.PhaseClock
import serialbench.measure.Subject
import serialbench.results.Operation
import serialbench.results.RunPhase
import serialbench.results.UnsupportedCell
import serialbench.shapes.Shapes
import java.util.concurrent.TimeUnit

/** A kind of measurement of a test's own, added to a run in this file alone. Correctness only, no timing. */
@Order(TestOrder.CODECS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ProbeTest {
    /** Times each codec on the first and last element of the flat shape: a "pair" shape the registry does not have. */
    private class PairProbe(private val context: ProbeContext, private val calls: MutableList<String>) : Probe {
        override val kind = ProbeKind("pair", ResultsSection.RESULTS)

        override fun beforeCodecs() {
            calls += "before codecs"
        }

        override fun warmUp() {
            calls += "warm-up"
        }

        override fun measure(): ProbeRows {
            calls += "measure"
            val measured = context.codecs.filter { it.id == "kotlinx-json" }.flatMap { pairs(it, Shapes.byId("flat")) }
            val refused = context.codecs.filter { it.id != "kotlinx-json" }.map {
                UnsupportedCell(it.id, it.displayName, PAIR, "only kotlinx-json takes pairs")
            }
            return ProbeRows(kind, measured, refused)
        }

        override fun close() {
            calls += "close"
        }

        private fun <T : Any> pairs(codec: Codec, shape: Shape<T>): List<Measurement> {
            val objects = shape.generate(context.config.seed, 10).let { listOf(it.first(), it.last()) }
            val lists = (codec.support(shape) as ShapeSupport.Supported<T>).codec
            val cell = Cell.of(codec, PAIR, objects.size)
            return context.benchmark.run(cell, Subject.ofList(lists, objects))
        }
    }

    @Test
    fun `a probe of a test's own makes its first calls, is warmed up, measured after the lists and closed`() {
        val calls = mutableListOf<String>()
        val config = BenchConfig.from(
            mapOf(
                "bench.sizes" to "3",
                "bench.repetitions" to "3",
                "bench.warmup" to "1",
                "bench.warmupMillis" to "1",
                "bench.codecs" to "kotlinx-json,jackson",
                "bench.forks" to "0",
                "bench.robustness.cases" to "0",
            ),
        )
        val factories = Probes.DEFAULT + Probe.Factory { PairProbe(it, calls) }
        val results = BenchmarkRun(config, PhaseClock(RunPhase.OTHER), emptyMap(), {}, factories).run()

        assertThat(calls).containsExactly("before codecs", "warm-up", "measure", "close")
        assertThat(results.results.map { listOf(it.codec, it.shape, it.size, it.operation) }).containsExactly(
            listOf("kotlinx-json", "flat", 3, Operation.SERIALIZE),
            listOf("kotlinx-json", "flat", 3, Operation.DESERIALIZE),
            listOf("jackson", "flat", 3, Operation.SERIALIZE),
            listOf("jackson", "flat", 3, Operation.DESERIALIZE),
            listOf("kotlinx-json", PAIR, 2, Operation.SERIALIZE),
            listOf("kotlinx-json", PAIR, 2, Operation.DESERIALIZE),
        )
        assertThat(results.results.last().repetitions).isEqualTo(3)
        assertThat(results.unsupported.map { it.codec to it.shape }).containsExactly("jackson" to PAIR)
        assertThat(results.coldStart.map { it.codec to it.shape }).describedAs("the cold starts, a kind of their own")
            .containsExactly("kotlinx-json" to "flat", "jackson" to "flat")
    }

    private companion object {
        const val PAIR = "pair"
    }
}
