package serialbench.parallel.internal.stream

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/** A stream's cuts guessed by the first element's shape, as a text's are: between the array's own elements. */
class CutGuesserTest {
    @Serializable
    data class Node(val id: Int, val inner: List<Node> = emptyList())

    private val pretty = Json { prettyPrint = true }

    /**
     * The batches of [bytes] as a [StreamBatcher] guessing its cuts hands them on, up to the end or to where it
     * leaves the rest to the exact scan (near the end of the array, or from the start).
     */
    private fun batches(bytes: ByteArray, batchBytes: Int = 300): List<StreamPart.Batch> {
        val batcher = StreamBatcher(
            bytes.inputStream(),
            batchBytes,
            { _, message, _ -> IllegalStateException(message) },
            { _, _, _ -> null },
            guess = true,
        )
        return generateSequence { batcher.next() }.takeWhile { it is StreamPart.Batch }.map { it as StreamPart.Batch }
            .toList()
    }

    private fun <T> decoded(batch: StreamPart.Batch, element: KSerializer<T>): List<T> {
        val text = String(batch.bytes, batch.textStart, batch.textEnd - batch.textStart, Charsets.UTF_8)
        return Json.decodeFromString(ListSerializer(element), text)
    }

    @Test
    fun `indented nodes with nested lists of nodes are cut by guess between their own elements only`() {
        val nodes = List(300) { Node(it, List(it % 7) { i -> Node(10 * it + i) }) }
        val parts = batches(pretty.encodeToString(ListSerializer(Node.serializer()), nodes).encodeToByteArray())
        assertThat(parts.size).isGreaterThan(50)
        assertThat(parts).allMatch { it.guessed }
        val read = parts.flatMap { decoded(it, Node.serializer()) }
        assertThat(read).isEqualTo(nodes.take(read.size))
    }

    @Test
    fun `numbers and strings are cut by guess too`() {
        val numbers = (-2000..2000).toList()
        val numberParts = batches(numbers.joinToString(", ", "[ ", " ]").encodeToByteArray())
        assertThat(numberParts.count { it.guessed }).isGreaterThan(10)
        val readNumbers = numberParts.flatMap { decoded(it, Int.serializer()) }
        assertThat(readNumbers).isEqualTo(numbers.take(readNumbers.size))
        val strings = List(2000) { "s,\"$it\"" }
        val stringParts = batches(Json.encodeToString(ListSerializer(String.serializer()), strings).encodeToByteArray())
        assertThat(stringParts.count { it.guessed }).isGreaterThan(10)
    }

    @Test
    fun `a first element that does not end within the guess window is cut exactly`() {
        val nodes = listOf(Node(0, List(3000) { Node(it) })) + List(100) { Node(it) }
        val parts = batches(Json.encodeToString(ListSerializer(Node.serializer()), nodes).encodeToByteArray())
        assertThat(parts).isNotEmpty.noneMatch { it.guessed }
        assertThat(parts.flatMap { decoded(it, Node.serializer()) }).isEqualTo(nodes)
    }
}
