package serialbench.stream

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.run.StreamingMemory
import serialbench.shapes.Shapes
import java.io.File

@Order(TestOrder.UNIT)
@Timeout(60)
class GeneratedArrayStreamTest {
    private val shape = Shapes.FLAT
    private val seed = 11L

    @Test
    fun `the stream is the JSON array of the shape's first elements, repeated, and knows its length`() {
        for (size in listOf(0, 1, 7, GeneratedArrayStream.BLOCK, GeneratedArrayStream.BLOCK + 3)) {
            val block = shape.generate(seed, minOf(size, GeneratedArrayStream.BLOCK))
            val expected = List(size) { block[it % GeneratedArrayStream.BLOCK] }
            val stream = GeneratedArrayStream(shape, seed, size)
            val bytes = stream.readBytes()
            assertThat(bytes.decodeToString()).`as` {
                "N = $size"
            }.isEqualTo(Json.encodeToString(ListSerializer(shape.serializer), expected))
            assertThat(stream.lengthBytes).isEqualTo(bytes.size.toLong())
            assertThat(stream.read()).isEqualTo(-1)
            if (size >
                0
            ) {
                assertThat(GeneratedArrayStream(shape, seed, size).elementAt(size - 1)).isEqualTo(expected.last())
            }
        }
    }

    @Test
    fun `single-byte reads give the same bytes as bulk reads`() {
        val bulk = GeneratedArrayStream(shape, seed, 3).readBytes()
        val stream = GeneratedArrayStream(shape, seed, 3)
        val single = generateSequence { stream.read().takeIf { it >= 0 }?.toByte() }.toList().toByteArray()
        assertThat(single).isEqualTo(bulk)
    }

    @Test
    fun `the bounded-memory input file holds exactly the generated array`(@TempDir directory: File) {
        val file = File(directory, "array.json")
        StreamingMemory.writeFile(shape, seed, 1_234, file)
        assertThat(file.readBytes()).isEqualTo(GeneratedArrayStream(shape, seed, 1_234).readBytes())
    }
}
