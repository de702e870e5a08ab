package serialbench.parallel.internal.scan

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/**
 * The outline scan follows only strings and brackets inside an element, so anything outside a string that a lenient
 * engine reads as structure must make the outline broken: then the text goes to the engine whole, never in slices
 * whose edges the scan placed by another reading than the engine's.
 */
class ArrayOutlineTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("outlines")
    fun `an outline counts its elements, and is broken by what only a lenient engine reads outside strings`(
        text: String,
        elements: Int,
    ) {
        val content = checkNotNull(ArrayOutline.content(text))
        assertThat(ArrayOutline.scan(text, content.first, content.last + 1)).isEqualTo(elements)
    }

    @Test
    fun `a structure ends where a plain reading of its strings and brackets ends it, whatever its strings' lengths`() {
        val random = java.util.Random(7)
        val pieces =
            listOf("{", "}", "[", "]", "\"", "\\", "\\\"", ",", ":", "1", "a", " ", "'", "/", "é", "x".repeat(15))
        repeat(20_000) {
            val text = buildString {
                append(if (random.nextBoolean()) '{' else '[')
                repeat(random.nextInt(40)) { append(pieces[random.nextInt(pieces.size)]) }
            }
            val from = random.nextInt(text.length)
            assertThat(ArrayOutline.structureEnd(text, 0, text.length)).describedAs(text)
                .isEqualTo(plainStructureEnd(text, 0, text.length))
            assertThat(ArrayOutline.closingQuote(text, from, text.length)).describedAs("%s from %d", text, from)
                .isEqualTo(plainClosingQuote(text, from, text.length))
        }
    }

    /** The end of the structure at [start] read one character at a time, as the scan's contract says. */
    private fun plainStructureEnd(text: String, start: Int, end: Int): Int {
        val open = ArrayDeque<Char>()
        var i = start
        while (i < end) {
            when (val c = text[i]) {
                '"' -> i = plainClosingQuote(text, i + 1, end).also { if (it < 0) return ArrayOutline.BROKEN }

                '{', '[' -> open.addLast(c)

                '}', ']' -> {
                    if (open.removeLast() != (if (c == '}') '{' else '[')) return ArrayOutline.BROKEN
                    if (open.isEmpty()) return i + 1
                }

                '\'', '/', '\\' -> return ArrayOutline.BROKEN
            }
            i++
        }
        return ArrayOutline.BROKEN
    }

    private fun plainClosingQuote(text: String, from: Int, end: Int): Int {
        var i = from
        while (i < end) {
            when (text[i]) {
                '\\' -> i++
                '"' -> return i
            }
            i++
        }
        return -1
    }

    companion object {
        @JvmStatic
        fun outlines() = listOf(
            arrayOf<Any>("""[{"a":1},{"b":"x,\"y"}]""", 2),
            arrayOf<Any>("""[1, true ,null,"\\"]""", 4),
            arrayOf<Any>("""[{"a":1},{'b':2}]""", ArrayOutline.BROKEN),
            arrayOf<Any>("""[{"a":1},{"b":2/*c*/}]""", ArrayOutline.BROKEN),
            // fastjson2 reads an unquoted name with an escape (`\"k` is the name `"k`), where this scan would see `\`
            // and then a string: outlines that look whole to it, with other edges than the engine's
            arrayOf<Any>("""[{\"k":1},{"a":"b"}]""", ArrayOutline.BROKEN),
            arrayOf<Any>("""[{"a":[1,\"k"]}]""", ArrayOutline.BROKEN),
        )
    }
}
