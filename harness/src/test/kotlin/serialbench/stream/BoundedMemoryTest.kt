package serialbench.stream

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.codecs.StreamingDecoders
import serialbench.run.StreamingMemory
import serialbench.shapes.Shapes

/**
 * Every streaming decoder that claims bounded memory decodes an array larger than its JVM's heap, generated on the
 * fly and never stored, when each element is dropped once handed over; those that cannot say why.
 */
@Order(TestOrder.CODECS)
@Timeout(300)
class BoundedMemoryTest {
    private val shape = Shapes.FLAT

    @Test
    fun `a stream larger than the heap is decoded in bounded memory by every streaming decoder that claims it`() {
        val codecs = StreamingDecoders.entries.map {
            it.codec
        }.distinct().associateWith { Codecs.create(it, threads = 1) }
        val supported = StreamingDecoders.entries.map {
            it to
                (it.support(codecs.getValue(it.codec), shape) as DecoderSupport.Supported).decoder
        }
        val bounded = supported.filter { (_, decoder) -> decoder.unboundedMemory == null }.map { it.first.label }
        supported.forEach { it.second.close() }
        codecs.values.forEach { it.close() }
        assertThat(
            bounded,
        ).contains(
            "kotlinx-json/sequence",
            "kotlinx-json-parallel/sequence",
            "kotlinx-json-parallel/flow",
            "jackson/mapping-iterator",
            "jackson/token-loop",
            "gson/reader",
            "moshi/reader",
            "dsl-json/reader",
        )
        assertThat(
            supported.filter {
                it.second.kind == StreamingDecoder.Kind.WHOLE_DOCUMENT
            }.map { it.second.unboundedMemory },
        ).doesNotContainNull()

        // ParallelJson reads batches of 256 KiB ahead, and its flow buffers up to 64 of them (flowOn's default)
        // between the pool and the collector: bounded, but above 32 MiB, so they read a larger input in a larger heap.
        val parallel = listOf("kotlinx-json-parallel/sequence", "kotlinx-json-parallel/flow")
        assertDecodesInBoundedMemory(bounded - parallel.toSet(), size = 30_000, heap = HEAP) // about 40 MB of JSON
        assertDecodesInBoundedMemory(parallel, size = 80_000, heap = PARALLEL_HEAP) // about 108 MB of JSON
    }

    private fun assertDecodesInBoundedMemory(labels: List<String>, size: Int, heap: String) {
        val rows = StreamingMemory.inFreshJvm(labels, shape.id, size, seed = 3, threads = 1, file = null, heap = heap)

        assertThat(rows.map { "${it.codec}/${it.decoder}" }).isEqualTo(labels)
        assertThat(rows).allSatisfy { row ->
            assertThat(row.elements).isEqualTo(size)
            assertThat(row.source).isEqualTo(StreamingMemory.GENERATED)
            assertThat(row.inputBytes).isGreaterThan(row.maxHeapBytes)
            assertThat(row.maxHeapBytes).isLessThanOrEqualTo(StreamingMemory.heapBytes(heap))
            assertThat(row.peakHeapAfterGcBytes).isNotNull().isPositive().isLessThan(row.maxHeapBytes)
            assertThat(row.gcCount).isNotNull().isPositive()
            assertThat(row.jvmFlags).containsExactly("-Xmx$heap")
        }
    }

    private companion object {
        const val HEAP = "32m"
        const val PARALLEL_HEAP = "96m"
    }
}
