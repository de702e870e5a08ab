package serialbench.parallel.internal.scan

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import kotlin.random.Random

/**
 * One scanner reads texts and streams: over bytes it looks at eight at a time inside strings, so quotes, backslashes
 * and multi-byte characters at every position of a word, and reads that end anywhere, must give the elements kotlinx
 * writes, byte for byte; a text read whole must give the same elements as its UTF-8 bytes read in pieces.
 */
class OutlineScannerTest {
    private class Elements(private val element: (start: Int, end: Int) -> String) : OutlineScanner.Listener {
        val texts = mutableListOf<String>()
        private var start = -1
        var closed = false

        override fun elementStart(pos: Int) {
            start = pos
        }

        override fun elementEnd(pos: Int) {
            texts += element(start, pos)
        }

        override fun arrayEnd(pos: Int): Boolean {
            closed = true
            return false
        }
    }

    /** Strings of 0 to 20 characters drawn from plain letters, characters JSON escapes, and 2-, 3- and 4-byte ones. */
    private fun strings(random: Random): List<String> {
        val alphabet =
            listOf("a", "b", "\"", "\\", "/", "\n", "\u0001", "é", "€", "\uD83D\uDE00", "\u007F", " ", ",", "]", "}")
        return List(400) { List(random.nextInt(21)) { alphabet[random.nextInt(alphabet.size)] }.joinToString("") }
    }

    private fun scan(bytes: ByteArray, random: Random?): Elements {
        val elements = Elements { start, end -> String(bytes, start, end - start, Charsets.UTF_8) }
        val scanner = OutlineScanner(elements, reading = OutlineReading.KOTLINX)
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

    /** [text] read whole, in one call, as a text's outline is read. */
    private fun scan(text: String): Elements {
        val elements = Elements { start, end -> text.substring(start, end) }
        val scanner = OutlineScanner(elements, reading = OutlineReading.KOTLINX)
        assertThat(scanner.scan(text, 0, text.length)).isEqualTo(text.length)
        scanner.finish(text.length)
        assertThat(scanner.failure).isNull()
        assertThat(elements.closed).isTrue()
        return elements
    }

    @Test
    fun `strings with quotes, backslashes, multi-byte characters anywhere in a word are skipped whole, in any reads`() {
        val random = Random(7)
        repeat(20) {
            val values = strings(random)
            val text = Json.encodeToString(ListSerializer(String.serializer()), values)
            val bytes = text.toByteArray()
            val expected = values.map { Json.encodeToString(String.serializer(), it) }
            assertThat(scan(text).texts).isEqualTo(expected)
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
        val text = Json.encodeToString(ListSerializer(serializer), maps)
        val bytes = text.toByteArray()
        val expected = maps.map { Json.encodeToString(serializer, it) }
        assertThat(scan(text).texts).isEqualTo(expected)
        assertThat(scan(bytes, null).texts).isEqualTo(expected)
        assertThat(scan(bytes, random).texts).isEqualTo(expected)
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = [
            "[1,,2]", "[1 2]", "[{\"a\":1]]", "[1]x", "[\"abc", "[{\"a\":[1,2}]", "{", "[1,]", "[", "[1,2",
            "[{\"a\":\"b\\\"]\"}, ]", "[true, ,]", "[ } ]",
        ],
    )
    fun `a broken outline fails at the same place with the same words, read whole as a text or in pieces as bytes`(
        text: String,
    ) {
        // As a stream's scan does, it reads on past the closing bracket.
        val goesOn = object : OutlineScanner.Listener {
            override fun arrayEnd(pos: Int) = false
        }
        val whole = OutlineScanner(goesOn, reading = OutlineReading.KOTLINX)
        whole.scan(text, 0, text.length)
        whole.finish(text.length)
        assertThat(whole.failure).isNotNull()
        val bytes = text.toByteArray()
        for (piece in 1..3) {
            val pieces = OutlineScanner(goesOn, reading = OutlineReading.KOTLINX)
            var from = 0
            while (from < bytes.size && pieces.failure == null) {
                from = pieces.scan(bytes, from, minOf(bytes.size, from + piece))
            }
            pieces.finish(bytes.size)
            assertThat(pieces.failure).`as`("in pieces of %d bytes", piece).isEqualTo(whole.failure)
            assertThat(pieces.failurePos).`as`("in pieces of %d bytes", piece).isEqualTo(whole.failurePos)
            assertThat(pieces.failureInElement).isEqualTo(whole.failureInElement)
        }
    }
}
