package serialbench.parallel

import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.fixtures.EndlessArray
import serialbench.parallel.fixtures.Record

/** Decoding a stream longer than the heap: memory stays bounded when the elements are consumed and dropped. */
@Timeout(600)
class ParallelJsonLargeStreamTest {
    @Test
    fun `a stream larger than the heap decodes in bounded memory when its elements are dropped`() {
        val heapBytes = Runtime.getRuntime().maxMemory()
        val array = EndlessArray(minBytes = heapBytes + 64L * 1024 * 1024)
        var count = 0L
        var sum = 0L
        ParallelJson(Json) { parallelism = 2 }.use { parallel ->
            for (element in parallel.decodeToSequence<Record>(array.stream, DecodeSequenceMode.ARRAY_WRAPPED)) {
                check(element.items.single().length == 1000 && element.name == "n${element.value}") {
                    "element $count: $element"
                }
                count++
                sum += element.value
            }
        }
        assertThat(array.bytes).isGreaterThan(heapBytes)
        assertThat(count).isEqualTo(array.elements)
        assertThat(sum).isEqualTo(array.valueSum)
    }
}
