package serialbench.parallel.internal.scan

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class GuessedCutsTest {
    @Test
    fun `a large value's end is guessed at a comma between elements shaped like its first, then read to its bracket`() {
        val text = """{"items":[{"id":1,"tags":["a"]},{"id":2,"tags":[]},{"id":3,"tags":["b","c"]}],"count":3}"""
        val open = text.indexOf('[')
        assertThat(GuessedCuts.end(text, open, Brackets.ARRAY, depth = 1)).isEqualTo(text.indexOf("],\"count\"") + 1)
    }

    @Test
    fun `no end is guessed where the text ends before the value closes, or what follows is not the objects' ends`() {
        val truncated = """{"items":[{"id":1},{"id":2},"""
        val followed = """{"items":[{"id":1},{"id":2}],"count":3}]"""
        assertThat(GuessedCuts.end(truncated, truncated.indexOf('['), Brackets.ARRAY, depth = 1))
            .isEqualTo(ArrayOutline.BROKEN)
        assertThat(GuessedCuts.end(followed, followed.indexOf('['), Brackets.ARRAY, depth = 1))
            .isEqualTo(ArrayOutline.BROKEN)
    }

    @Test
    fun `an end is guessed before the member that followed the value, past a string equal to its key`() {
        val text = """{"a":[[1],"b",{"c":[1]}] ,
            |  "b": [3]}
        """.trimMargin()
        val open = text.indexOf('[')
        assertThat(GuessedCuts.endBefore(text, open, Brackets.ARRAY, "b")).isEqualTo(text.indexOf("] ,") + 1)
        assertThat(GuessedCuts.endBefore(text, open, Brackets.ARRAY, "d")).isEqualTo(ArrayOutline.BROKEN)
        val nested = """{"a":[{"c":[1],"b":2}],"d":1}"""
        assertThat(GuessedCuts.endBefore(nested, nested.indexOf('['), Brackets.ARRAY, "b"))
            .describedAs("a guess, proved by decoding: here it ends inside the value")
            .isEqualTo(nested.indexOf("],\"b\"") + 1)
    }

    @Test
    fun `a map's cuts fall between members whose values start like the first's`() {
        val text = """{"k1":{"n":1},"k2":{"n":{"x":1,"y":2}},"k3":{"n":3},"k4":{"n":4}}"""
        val content = ArrayOutline.content(text, brackets = Brackets.OBJECT)!!
        val exact = topLevelCommas(text, content, Brackets.OBJECT)!!.keys
        val cuts = GuessedCuts.guess(text, content, slices = 4, Brackets.OBJECT)!!
        assertThat(cuts).isNotEmpty()
        assertThat(cuts.toList()).allMatch { it in exact }
    }
}
