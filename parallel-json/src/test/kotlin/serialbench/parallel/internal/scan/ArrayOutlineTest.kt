package serialbench.parallel.internal.scan

import org.assertj.core.api.Assertions.assertThat
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
        assertThat(ArrayOutline.scan(text, content.first, content.last + 1) { _, _ -> }).isEqualTo(elements)
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
