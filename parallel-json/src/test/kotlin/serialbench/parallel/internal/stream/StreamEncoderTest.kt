package serialbench.parallel.internal.stream

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import serialbench.parallel.internal.engine.KotlinxJsonListEngine
import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.pool.TaskRunner
import java.io.ByteArrayOutputStream
import java.util.concurrent.ConcurrentLinkedQueue

/** A stream's chunks are sized by what was written so far, and the array is the one `Json` writes. */
class StreamEncoderTest {
    private val kotlinx = KotlinxJsonListEngine(Json, String.serializer())

    /** The elements, and the characters, of each chunk the engine encodes. */
    private val chunks = ConcurrentLinkedQueue<Pair<Int, Int>>()
    private val engine = object : ListEngine<String> by kotlinx {
        override fun encodeList(elements: List<String>): String =
            kotlinx.encodeList(elements).also { chunks += elements.size to it.length }
    }

    @Test
    fun `a first element much shorter than the others makes no chunk of many long elements`() {
        val elements = listOf("") + List(200) { "x".repeat(10_000) + it }
        val written = encode(elements, chunkBytes = 64 * 1024)
        assertThat(written).isEqualTo(Json.encodeToString(ListSerializer(String.serializer()), elements))
        assertThat(chunks.maxOf { it.second }).`as`("characters of the longest chunk").isLessThan(2 * 64 * 1024)
    }

    @Test
    fun `short elements after a long first one go in chunks that grow to the chunk size`() {
        val elements = listOf("y".repeat(50_000)) + List(20_000) { "e$it" }
        val written = encode(elements, chunkBytes = 64 * 1024)
        assertThat(written).isEqualTo(Json.encodeToString(ListSerializer(String.serializer()), elements))
        assertThat(chunks.maxOf { it.first }).`as`("elements of the largest chunk").isGreaterThan(2_000)
        assertThat(chunks.size).`as`("chunks").isLessThan(60)
    }

    private fun encode(elements: List<String>, chunkBytes: Int): String {
        val output = ByteArrayOutputStream()
        TaskRunner(parallelism = 2).use { runner ->
            StreamEncoder(engine, runner, output, chunkBytes, maxChunksAhead = 4).use { encoder ->
                elements.forEach(encoder::add)
                encoder.finish()
            }
        }
        return output.toString(Charsets.UTF_8)
    }
}
