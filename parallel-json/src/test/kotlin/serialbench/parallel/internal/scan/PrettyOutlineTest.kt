package serialbench.parallel.internal.scan

import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import serialbench.parallel.internal.document.ClassSteps

/**
 * A pretty printed document of many small lists and maps before one large list (a programme of events): its
 * outline guesses where the large list ends, at the indentation of its own elements, rather than at a comma between
 * the small objects nested in its last element; and the cuts guessed in it are between its elements.
 */
class PrettyOutlineTest {
    @Serializable
    data class Blocks(val area: Long, val blocks: List<Int>)

    @Serializable
    data class Seats(val category: Long, val areas: List<Blocks>)

    @Serializable
    data class Performance(val id: Long, val prices: List<Int>, val seats: List<Seats>)

    @Serializable
    data class Programme(
        val names: Map<String, String>,
        val topics: Map<String, List<Int>>,
        val performances: List<Performance>,
    )

    private val programme = Programme(
        names = (1..300).associate { "$it" to "name $it" },
        topics = (1..200).associate { "$it" to listOf(it, it + 1) },
        performances = List(400) { p ->
            Performance(
                p.toLong(),
                listOf(p, p + 1),
                List(3) { s ->
                    Seats(s.toLong(), List(4) { Blocks(it.toLong(), emptyList()) })
                },
            )
        },
    )

    private val text = Json { prettyPrint = true }.encodeToString(Programme.serializer(), programme)

    private val steps = ClassSteps(Json)

    private val performances = text.indexOf("[", text.indexOf("\"performances\""))

    @Test
    fun `the end of the large list last in an indented document is guessed, not read`() {
        val places = DocumentOutline(text, MIN_PLACE_CHARS, steps, GuessMisses())
            .places(steps.plan(Programme.serializer().descriptor)!!)
        val large = places!!.single { it.path == listOf("performances") }
        assertThat(large.guessed).isTrue()
        assertThat(large.start).isEqualTo(performances)
        assertThat(large.end).isEqualTo(text.lastIndexOf(']') + 1)
    }

    @Test
    fun `the small lists and maps before it are not places`() {
        val places = DocumentOutline(text, MIN_PLACE_CHARS, steps, GuessMisses())
            .places(steps.plan(Programme.serializer().descriptor)!!)!!
        assertThat(places.map { it.path.single() }).containsExactly("names", "topics", "performances")
    }

    @Test
    fun `a place read to its end hands on its commas, each a top-level comma with the elements before it`() {
        val places = DocumentOutline(text, MIN_PLACE_CHARS, steps, GuessMisses())
            .places(steps.plan(Programme.serializer().descriptor)!!)!!
        for ((name, size) in listOf("names" to 300, "topics" to 200)) {
            val place = places.single { it.path == listOf(name) }
            val commas = checkNotNull(place.commas) { "$name: no commas" }
            val content = ArrayOutline.content(text, place.start, place.end, Brackets.OBJECT)!!
            val exact = topLevelCommas(text, content, Brackets.OBJECT)!!
            assertThat(commas.total).isEqualTo(size)
            assertThat(commas.cuts.toList()).isEqualTo(exact.keys.sorted())
            assertThat(commas.cuts.indices.map { exact[commas.cuts[it]] }).isEqualTo(commas.elementsBefore.toList())
        }
        assertThat(places.single { it.path == listOf("performances") }.commas).isNull()
    }

    @Test
    fun `cuts guessed in an indented list of objects with nested lists fall between its elements`() {
        val content = ArrayOutline.content(text, performances, text.lastIndexOf(']') + 1)!!
        val cuts = GuessedCuts.guess(text, content, slices = 16)!!
        val exact = topLevelCommas(text, content)!!.keys
        assertThat(cuts).hasSize(15)
        assertThat(cuts.toList()).allMatch { it in exact }
    }

    private companion object {
        const val MIN_PLACE_CHARS = 4096
    }
}
