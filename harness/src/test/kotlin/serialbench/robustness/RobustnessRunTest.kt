package serialbench.robustness

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codecs.Codecs
import serialbench.data.ShapeSettings
import serialbench.results.DamagedInput
import serialbench.results.RobustnessRow
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.flat.TestObject
import serialbench.shapes.upload.UploadShape

/**
 * The robustness part of the benchmark, run small over every codec and shape: what the codec contract promises about
 * damaged and foreign payloads holds for every codec.
 */
@Order(TestOrder.CODECS)
@Timeout(300)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RobustnessRunTest {
    // Uploads of 1 KiB: every case small, the run short.
    private val shapes = Shapes.ids.map { Shapes.byId(it, ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 1024)) }
    private val results = RobustnessRun(Codecs.ids, shapes, TestDataGenerator.DEFAULT_SEED, CASES, threads = 2).run()
    private val formats: Map<String, Codec.Format> = Codecs.ids.associateWith { id ->
        Codecs.create(id, 1).use { it.format }
    }

    @Test
    fun `every codec on every shape it supports has a row per kind of input, whose outcomes add up`() {
        val supported = shapes.flatMap { shape ->
            Codecs.ids.filter { id ->
                Codecs.create(id, 1).use { it.support(shape) is serialbench.codec.ShapeSupport.Supported }
            }
                .flatMap { id -> DamagedInput.entries.map { listOf(id, shape.id, it) } }
        }
        assertThat(results.rows.map { listOf(it.codec, it.shape, it.input) })
            .containsExactlyInAnyOrderElementsOf(supported)
        assertThat(results.rows).allSatisfy { assertThat(it.cases).isPositive() }
        assertThat(rows(DamagedInput.TRUNCATED)).allSatisfy { assertThat(it.cases).isEqualTo(CASES) }
    }

    @Test
    fun `every codec refuses every cut of its payload, also right after an element`() {
        // A library that crashes on a cut (see below) decodes nothing from it either.
        assertThat(rows(DamagedInput.TRUNCATED)).allSatisfy { row ->
            assertThat(row.refused + row.crashed).`as` {
                "${row.codec} on ${row.shape}: ${row.examples}"
            }.isEqualTo(row.cases)
        }
    }

    @Test
    fun `no codec returns a null or an object of another class in place of an element`() {
        assertThat(results.rows).allSatisfy { row ->
            assertThat(row.wrongType).`as` { "${row.codec} on ${row.shape}, ${row.input}: ${row.examples}" }.isZero()
        }
    }

    @Test
    fun `no codec hangs or runs out of memory on damaged or foreign input, and only known library defects crash`() {
        assertThat(results.rows).allSatisfy { row ->
            assertThat(listOf(row.hang, row.outOfMemory, row.notRun))
                .`as` { "${row.codec} on ${row.shape}, ${row.input}: ${row.examples}" }
                .containsOnly(0)
        }
        // Libraries whose own code fails on some damaged payloads with an exception no check throws (DSL-JSON's index
        // out of bounds on cut uploads, fastjson2's NullPointerException on flipped bits, Fory's index out of bounds
        // on the empty payload): the table says so. Any other codec crashing is a new defect.
        val crashing = results.rows.filter { it.crashed > 0 }
        assertThat(crashing.map { it.codec }.toSet()).isSubsetOf(KNOWN_CRASHING_CODECS)
        assertThat(crashing).allSatisfy { row ->
            assertThat(row.crashedWith.values.sum()).isEqualTo(row.crashed)
            assertThat(row.examples.first()).contains("crashed (")
        }
    }

    @Test
    fun `no foreign payload decodes to another list, and JSON codecs read each other's payloads of the same list`() {
        assertThat(rows(DamagedInput.FOREIGN)).allSatisfy { row ->
            assertThat(row.differentList + row.brokenElement).`as` {
                "${row.codec} on ${row.shape}: ${row.examples}"
            }.isZero()
            // The random byte strings and the empty payload at least.
            assertThat(row.refused).isGreaterThanOrEqualTo(RobustnessRun.RANDOM_PAYLOADS + 1)
        }
        val json = rows(DamagedInput.FOREIGN).filter { formats[it.codec] == Codec.Format.JSON }
        assertThat(json).isNotEmpty.allSatisfy { row ->
            assertThat(row.sameList).`as` { row.codec }.isEqualTo(row.cases - row.refused)
        }
    }

    @Test
    fun `the same seed gives the same rows`() {
        fun run() = RobustnessRun(listOf("kotlinx-protobuf", "gson"), listOf(Shapes.FLAT), 11, 40, threads = 1).run()
        assertThat(run()).isEqualTo(run())
    }

    @Test
    fun `hangs are capped for the whole run, not only per codec and shape`() {
        val hanging = object : ListCodec<TestObject> {
            override fun encode(objects: List<TestObject>): Payload = error("not used")

            override fun decode(payload: Payload): List<TestObject> {
                Thread.sleep(Long.MAX_VALUE) // interrupted when its case times out
                error("unreachable")
            }
        }
        val run =
            RobustnessRun(
                listOf("kotlinx-json"),
                listOf(Shapes.FLAT),
                1,
                10,
                threads = 1,
                caseTimeoutMillis = 20,
                maxHangsPerRun = 3,
            )
        val cases = List(5) { DamagedCase(DamagedInput.FOREIGN, "case $it") { ByteArray(1) } }
        val original = TestDataGenerator().objects(1)
        val perShape = listOf("a", "b", "c").map { run.runCases(it, Shapes.FLAT, hanging, original, cases).single() }

        assertThat(perShape.map { it.hang }).containsExactly(2, 1, 0)
        assertThat(perShape.map { it.notRun }).containsExactly(3, 4, 5)
    }

    private fun rows(input: DamagedInput): List<RobustnessRow> = results.rows.filter { it.input == input }

    private companion object {
        const val CASES = 300
        val KNOWN_CRASHING_CODECS = setOf("dsl-json", "fastjson2", "fastjson2-parallel", "fory")
    }
}
