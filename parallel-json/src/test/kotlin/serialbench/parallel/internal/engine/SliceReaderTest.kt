package serialbench.parallel.internal.engine

import kotlinx.serialization.Contextual
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.parallel.internal.scan.Brackets

/** A run read in place is, to kotlinx, its text between brackets: the same characters, values and failures. */
class SliceReaderTest {
    private val names = (0 until 20_000).map { if (it % 997 == 0) "n\u0142\uD83D\uDE00$it" else "name$it" }
    private val array = Json.encodeToString(ListSerializer(String.serializer()), names)
    private val members = Json.encodeToString(
        MapSerializer(String.serializer(), Int.serializer()),
        names.withIndex().associate { (index, name) -> name to index },
    )

    @ParameterizedTest
    @ValueSource(ints = [1, 2, 7, 16_384, 1_000_000])
    fun `a run read in pieces of any size is its text between the brackets`(piece: Int) {
        for (brackets in Brackets.entries) {
            val from = 17
            val to = 100_017
            val reader = SliceReader(array, from, to, brackets)
            val read = StringBuilder()
            val buffer = CharArray(piece + 3)
            while (true) {
                val count = reader.read(buffer, 3, piece)
                if (count < 0) break
                assertThat(count).isBetween(1, piece)
                read.appendRange(buffer, 3, 3 + count)
            }

            assertThat(read.toString()).isEqualTo(brackets.open + array.substring(from, to) + brackets.close)
            assertThat(reader.read(buffer, 0, piece)).isEqualTo(-1)
        }
    }

    @ParameterizedTest
    @ValueSource(ints = [0, 1, 5_000, 19_999])
    fun `a run of elements read in place decodes as its copy does`(firstElement: Int) {
        val serializer = ListSerializer(String.serializer())
        val from = cutBefore(array, firstElement)
        val to = array.length - 1

        val inPlace = SliceReader.decode(Json, serializer, array, from, to, Brackets.ARRAY)

        assertThat(inPlace).isEqualTo(Json.decodeFromString(serializer, "[" + array.substring(from, to) + "]"))
        assertThat(inPlace).isEqualTo(names.subList(firstElement, names.size))
        assertThat(SliceReader.decode(Json, JsonElement.serializer(), array, from, to, Brackets.ARRAY))
            .isEqualTo(Json.parseToJsonElement("[" + array.substring(from, to) + "]"))
    }

    @ParameterizedTest
    @ValueSource(ints = [1, 9_000])
    fun `a run of members read in place decodes as its copy does`(firstMember: Int) {
        val serializer = MapSerializer(String.serializer(), Int.serializer())
        val from = cutBefore(members, firstMember)
        val to = members.length - 1

        val inPlace = SliceReader.decode(Json, serializer, members, from, to, Brackets.OBJECT)

        assertThat(inPlace).isEqualTo(Json.decodeFromString(serializer, "{" + members.substring(from, to) + "}"))
        assertThat(inPlace.keys.first()).isEqualTo(names[firstMember])
    }

    @ParameterizedTest
    @ValueSource(ints = [1, 2, 9])
    fun `a run cut inside an element fails as its copy does`(into: Int) {
        val serializer = ListSerializer(String.serializer())
        val from = cutBefore(array, 100) + into
        val to = array.length - 1

        assertThatThrownBy { Json.decodeFromString(serializer, "[" + array.substring(from, to) + "]") }
            .isInstanceOf(SerializationException::class.java)
        assertThatThrownBy { SliceReader.decode(Json, serializer, array, from, to, Brackets.ARRAY) }
            .isInstanceOf(SerializationException::class.java)
    }

    @Test
    fun `values where a polymorphic one may sit are read from copies, the others in place`() {
        assertThat(readsAlikeInPlace(ListSerializer(String.serializer()).descriptor)).isTrue()
        assertThat(readsAlikeInPlace(Tree.serializer().descriptor)).isTrue()
        assertThat(readsAlikeInPlace(JsonElement.serializer().descriptor)).isFalse()
        assertThat(readsAlikeInPlace(Shape.serializer().descriptor)).isFalse()
        assertThat(readsAlikeInPlace(Drawing.serializer().descriptor)).isFalse()
        assertThat(readsAlikeInPlace(Dated.serializer().descriptor)).isFalse()
    }

    @Serializable
    private data class Tree(val name: String, val children: List<Tree>)

    @Serializable
    private sealed interface Shape

    @Serializable
    private data class Drawing(val title: String, val layers: Map<String, List<Shape>>)

    @Serializable
    private data class Dated(@Contextual val at: java.time.Instant)

    /** Where the [index]th element or member of the compact [text] begins. */
    private fun cutBefore(text: String, index: Int): Int {
        if (index == 0) return 1
        var commas = 0
        var inString = false
        var at = 1
        while (true) {
            val c = text[at]
            if (c == '"' && text[at - 1] != '\\') inString = !inString
            if (!inString && c == ',' && ++commas == index) return at + 1
            at++
        }
    }
}
