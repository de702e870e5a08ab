package serialbench.parallel.internal.scan

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import kotlin.random.Random

/**
 * The byte scanner looks at eight bytes at a time inside strings: quotes, backslashes and multi-byte characters at
 * every position of a word, and reads that end anywhere, must give the elements kotlinx writes, byte for byte.
 */
class ByteOutlineScannerTest {
    private class Elements(private val bytes: ByteArray) : ByteOutlineScanner.Listener {
        val texts = mutableListOf<String>()
        private var start = -1
        var closed = false

        override fun arrayStart(pos: Int) {}

        override fun elementStart(pos: Int) {
            start = pos
        }

        override fun elementEnd(pos: Int) {
            texts += String(bytes, start, pos - start, Charsets.UTF_8)
        }

        override fun comma(pos: Int) = false

        override fun arrayEnd(pos: Int) {
            closed = true
        }
    }

    /** Strings of 0 to 20 characters drawn from plain letters, characters JSON escapes, and 2-, 3- and 4-byte ones. */
    private fun strings(random: Random): List<String> {
        val alphabet =
            listOf("a", "b", "\"", "\\", "/", "\n", "\u0001", "é", "€", "\uD83D\uDE00", "\u007F", " ", ",", "]", "}")
        return List(400) { List(random.nextInt(21)) { alphabet[random.nextInt(alphabet.size)] }.joinToString("") }
    }

    private fun scan(bytes: ByteArray, random: Random?): Elements {
        val elements = Elements(bytes)
        val scanner = ByteOutlineScanner(elements)
        var from = 0
        while (from < bytes.size) {
            val to = if (random == null) bytes.size else minOf(bytes.size, from + 1 + random.nextInt(12))
            from = scanner.scan(bytes, from, to)
            assertThat(scanner.failure).isNull()
        }
        scanner.finish(bytes.size)
        assertThat(scanner.failure).isNull()
        return elements
    }

    @Test
    fun `strings with quotes, backslashes, multi-byte characters anywhere in a word are skipped whole, in any reads`() {
        val random = Random(7)
        repeat(20) {
            val values = strings(random)
            val bytes = Json.encodeToString(ListSerializer(String.serializer()), values).toByteArray()
            val expected = values.map { Json.encodeToString(String.serializer(), it) }
            assertThat(scan(bytes, null).texts).isEqualTo(expected)
            val chunked = scan(bytes, random)
            assertThat(chunked.texts).isEqualTo(expected)
            assertThat(chunked.closed).isTrue()
        }
    }

    @Test
    fun `strings inside objects end where kotlinx ends them, brackets and braces in them ignored`() {
        val random = Random(11)
        val maps = List(200) { strings(random).take(random.nextInt(6)).associateWith { it.reversed() } }
        val serializer = MapSerializer(String.serializer(), String.serializer())
        val bytes = Json.encodeToString(ListSerializer(serializer), maps).toByteArray()
        val expected = maps.map { Json.encodeToString(serializer, it) }
        assertThat(scan(bytes, null).texts).isEqualTo(expected)
        assertThat(scan(bytes, random).texts).isEqualTo(expected)
    }
}
