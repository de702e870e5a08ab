package serialbench.parallel.internal.engine

import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.util.Collections
import java.util.TreeMap

/** A map decoded in slices is made of the slices' own maps, in the order and with the values a whole reading gives. */
class MapEntriesTest {
    private fun decoded(vararg members: Pair<String, Int>): MapEntries<String, Int> =
        MapEntries(LinkedHashMap<String, Int>().apply { for ((key, value) in members) put(key, value) })

    @Test
    fun `the later slices' members go into the first slice's own map, a repeated key in its first place, last value`() {
        val first = decoded("a" to 1, "b" to 2)
        val joined = MapEntries.joined(listOf(first, decoded("c" to 3, "a" to 4), decoded("d" to 5)))
        val map = MapEntries.mapOf(joined)

        assertThat(map).isSameAs(first.map)
        assertThat(map.toList()).containsExactly("a" to 4, "b" to 2, "c" to 3, "d" to 5)
    }

    @Test
    fun `a map that is not a plain LinkedHashMap is never changed, its members copied into a new one`() {
        val shared = Collections.unmodifiableMap(linkedMapOf("a" to 1, "b" to 2))
        val tree = JsonObject(mapOf("x" to JsonPrimitive(1)))
        val sorted = MapEntries(TreeMap(mapOf("b" to 1, "a" to 2)))

        val joined = MapEntries.mapOf(MapEntries.joined(listOf(MapEntries(shared), decoded("c" to 3, "a" to 9))))
        assertThat(joined).isNotSameAs(shared).isInstanceOf(LinkedHashMap::class.java)
        assertThat(joined.toList()).containsExactly("a" to 9, "b" to 2, "c" to 3)
        assertThat(shared.toList()).containsExactly("a" to 1, "b" to 2)

        assertThat(MapEntries.mapOf(MapEntries(tree))).isNotSameAs(tree).isEqualTo(tree)
        assertThat(MapEntries.mapOf(sorted).keys).containsExactly("a", "b")
    }

    @Test
    fun `any other list of entries makes a new map in its order, and a decoded map's entries read by index too`() {
        val entries = listOf("b" to 1, "a" to 2, "b" to 3).map { (key, value) ->
            java.util.AbstractMap.SimpleEntry(key, value)
        }
        assertThat(MapEntries.mapOf(entries).toList()).containsExactly("b" to 3, "a" to 2)
        assertThat(MapEntries.joined(listOf<List<Map.Entry<String, Int>>>(entries)).map { it.key to it.value })
            .containsExactly("b" to 3, "a" to 2)

        val decoded = decoded("x" to 1, "y" to 2)
        assertThat(decoded.map { it.key }).containsExactly("x", "y")
        assertThat(decoded[1].key).isEqualTo("y")
        assertThat(decoded).hasSize(2)
        assertThat(MapEntries.mapOf(MapEntries.joined(emptyList<List<Map.Entry<String, Int>>>()))).isEmpty()
    }
}
