package serialbench.robustness

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.Codecs
import serialbench.data.ShapeOptions
import serialbench.data.Shapes
import serialbench.data.TestDataGenerator
import serialbench.results.DamagedInput
import serialbench.results.RobustnessRow

/**
 * The robustness part of the benchmark, run small over every codec and shape: what the codec contract promises about
 * damaged and foreign payloads holds for every codec.
 */
@Order(TestOrder.CODECS)
@Timeout(300)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RobustnessRunTest {
    // Uploads of 1 KiB: every case small, the run short.
    private val shapes = Shapes.ids.map { Shapes.byId(it, ShapeOptions(uploadBytes = 1024)) }
    private val results = RobustnessRun(Codecs.ids, shapes, TestDataGenerator.DEFAULT_SEED, CASES, threads = 2).run()
    private val formats: Map<String, Codec.Format> = Codecs.ids.associateWith { id -> Codecs.create(id, 1).use { it.format } }

    @Test
    fun `every codec on every shape it supports has a row per kind of input, whose outcomes add up`() {
        val supported = shapes.flatMap { shape ->
            Codecs.ids.filter { id -> Codecs.create(id, 1).use { it.support(shape) is serialbench.codec.ShapeSupport.Supported } }
                .flatMap { id -> DamagedInput.entries.map { listOf(id, shape.id, it) } }
        }
        assertThat(results.rows.map { listOf(it.codec, it.shape, it.input) }).containsExactlyInAnyOrderElementsOf(supported)
        assertThat(results.rows).allSatisfy { assertThat(it.cases).isPositive() }
        assertThat(rows(DamagedInput.TRUNCATED)).allSatisfy { assertThat(it.cases).isEqualTo(CASES) }
    }

    @Test
    fun `every codec refuses every cut of its payload, also right after an element`() {
        assertThat(rows(DamagedInput.TRUNCATED)).allSatisfy { row ->
            assertThat(row.refused).`as` { "${row.codec} on ${row.shape}: ${row.examples}" }.isEqualTo(row.cases)
        }
    }

    @Test
    fun `no codec returns a null or an object of another class in place of an element`() {
        assertThat(results.rows).allSatisfy { row ->
            assertThat(row.wrongType).`as` { "${row.codec} on ${row.shape}, ${row.input}: ${row.examples}" }.isZero()
        }
    }

    @Test
    fun `no codec hangs, runs out of memory or crashes on damaged or foreign input`() {
        assertThat(results.rows).allSatisfy { row ->
            assertThat(listOf(row.hang, row.outOfMemory, row.crashed, row.notRun))
                .`as` { "${row.codec} on ${row.shape}, ${row.input}: ${row.examples}" }
                .containsOnly(0)
        }
    }

    @Test
    fun `no foreign payload decodes to another list, and JSON codecs read each other's payloads of the same list`() {
        assertThat(rows(DamagedInput.FOREIGN)).allSatisfy { row ->
            assertThat(row.differentList + row.brokenElement).`as` { "${row.codec} on ${row.shape}: ${row.examples}" }.isZero()
            // The random byte strings and the empty payload at least.
            assertThat(row.refused).isGreaterThanOrEqualTo(RobustnessRun.RANDOM_PAYLOADS + 1)
        }
        val json = rows(DamagedInput.FOREIGN).filter { formats[it.codec] == Codec.Format.JSON }
        assertThat(json).isNotEmpty.allSatisfy { row -> assertThat(row.sameList).`as` { row.codec }.isEqualTo(row.cases - row.refused) }
    }

    @Test
    fun `the same seed gives the same rows`() {
        fun run() = RobustnessRun(listOf("kotlinx-protobuf", "gson"), listOf(Shapes.FLAT), 11, 40, threads = 1).run()
        assertThat(run()).isEqualTo(run())
    }

    private fun rows(input: DamagedInput): List<RobustnessRow> = results.rows.filter { it.input == input }

    private companion object {
        const val CASES = 300
    }
}
