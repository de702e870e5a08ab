package serialbench.parallel

import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.model.TestObject

/** Decoding a stream longer than the heap: memory stays bounded when the elements are consumed and dropped. */
@Order(TestOrder.PARALLEL_JSON)
@Timeout(600)
class ParallelJsonLargeStreamTest {
    @Test
    fun `a stream larger than the heap decodes in bounded memory when its elements are dropped`() {
        val heapBytes = Runtime.getRuntime().maxMemory()
        val stream = GeneratedArrayStream(minBytes = heapBytes + 64L * 1024 * 1024)
        var count = 0L
        var sum = 0L
        ParallelJson(Json, parallelism = 2).use { parallel ->
            for (element in parallel.decodeToSequence(TestObject.serializer(), stream)) {
                check(element.items.single().length == 1000 && element.name == "n${element.value}") { "element $count: $element" }
                count++
                sum += element.value
            }
        }
        assertThat(stream.bytesProduced).isGreaterThan(heapBytes)
        assertThat(count).isEqualTo(stream.elements)
        assertThat(sum).isEqualTo(stream.valueSum)
    }
}
