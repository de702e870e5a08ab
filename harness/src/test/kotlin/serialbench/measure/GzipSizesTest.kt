package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.codec.listCodec
import serialbench.codecs.Codecs
import serialbench.results.Operation
import serialbench.shapes.Shapes

@Order(TestOrder.UNIT)
class GzipSizesTest {
    private val text = "[" + (1..500).joinToString(",") { "{\"id\":$it,\"name\":\"item $it\"}" } + "]"

    @Test
    fun `a payload is compressed once, and its size is gzip's own`() {
        val sizes = GzipSizes()
        val first = sizes.of(text.toByteArray())
        val again = sizes.of(text.toByteArray())
        assertThat(first).isEqualTo(GzipSizes.gzipSize(text.toByteArray())).isLessThan(text.length)
        assertThat(again).isEqualTo(first)
        assertThat(sizes.compressed).isEqualTo(1)
    }

    @Test
    fun `payloads of the same length but other bytes are compressed each`() {
        val sizes = GzipSizes()
        val other = text.replace("item", "ITEM")
        assertThat(sizes.of(other.toByteArray())).isEqualTo(GzipSizes.gzipSize(other.toByteArray()))
        assertThat(sizes.of(text.toByteArray())).isEqualTo(GzipSizes.gzipSize(text.toByteArray()))
        assertThat(sizes.compressed).isEqualTo(2)
    }

    @Test
    fun `the sizes an earlier JVM found are not compressed again`() {
        val earlier = GzipSizes().also { it.of(text.toByteArray()) }
        val next = GzipSizes(earlier.asked() + ("4:unasked" to 7))
        assertThat(next.asked()).isEmpty()
        assertThat(next.of(text.toByteArray())).isEqualTo(GzipSizes.gzipSize(text.toByteArray()))
        assertThat(next.compressed).isZero()
        assertThat(next.asked()).isEqualTo(earlier.asked())
    }

    @Test
    fun `two codecs that write the same text share one compression in a run's benchmark`() {
        val objects = Shapes.FLAT.generate(1, 50)
        val cell = Cell("kotlinx-json", "kotlinx Json", "JSON", "flat", 50)
        val sizes = GzipSizes()
        val benchmark = CodecBenchmark(repetitions = 2, warmup = 1, warmupMillis = 0, gzipSizes = sizes)
        val rows = listOf("kotlinx-json", "jackson").flatMap { id ->
            Codecs.create(id).use { codec ->
                benchmark.run(cell, Subject.ofList(codec.listCodec(Shapes.FLAT), objects)).map { it.row }
            }
        }
        val serialized = rows.filter { it.operation == Operation.SERIALIZE }
        assertThat(serialized.map { it.payloadBytes }.distinct()).hasSize(1)
        assertThat(rows.map { it.gzipBytes }.distinct()).hasSize(1).doesNotContain(0)
        assertThat(sizes.compressed).isEqualTo(1)
    }
}
