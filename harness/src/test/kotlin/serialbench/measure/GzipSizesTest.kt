package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.data.Percentage
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.codec.listCodec
import serialbench.codecs.Codecs
import serialbench.results.Operation
import serialbench.shapes.Shapes
import java.io.ByteArrayOutputStream
import java.util.zip.GZIPInputStream
import java.util.zip.GZIPOutputStream

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
    fun `a payload larger than a part is compressed in parts side by side, into gzip that reads back`() {
        val large = Codecs.create("kotlinx-json").use { codec ->
            codec.listCodec(Shapes.FLAT).encode(Shapes.FLAT.generate(1, 300)).toByteArray()
        }
        val partBytes = 64 shl 10
        val out = ByteArrayOutputStream()
        GzipSizes.gzip(large, out, partBytes, threads = 2)
        val parts = out.toByteArray()
        assertThat(GZIPInputStream(parts.inputStream()).readBytes()).isEqualTo(large)
        val oneStream = ByteArrayOutputStream().also { GZIPOutputStream(it).use { gzip -> gzip.write(large) } }.size()
        assertThat(large.size / partBytes).describedAs("whole parts").isGreaterThan(4)
        // each part starts a deflate block of its own: its code tables, and a sync flush's 5 bytes
        assertThat(parts.size.toDouble()).isCloseTo(oneStream.toDouble(), Percentage.withPercentage(1.0))
        // one thread or two: the same bytes
        val oneThread = ByteArrayOutputStream().also { GzipSizes.gzip(large, it, partBytes, threads = 1) }
        assertThat(oneThread.toByteArray()).isEqualTo(parts)
    }

    @Test
    fun `a payload up to a part is one gzip stream, and only larger ones are keyed as compressed in parts`() {
        val out = ByteArrayOutputStream()
        GzipSizes.gzip(text.toByteArray(), out, partBytes = text.length)
        assertThat(out.size()).isEqualTo(GzipSizes.gzipSize(text.toByteArray()))
        assertThat(GzipSizes.key(text.toByteArray())).doesNotEndWith(":parts")
        assertThat(GzipSizes.key(ByteArray(GzipSizes.PART_BYTES + 1))).endsWith(":parts")
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
