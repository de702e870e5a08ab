package serialbench.parallel.internal.engine

import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.json.Json
import serialbench.parallel.internal.scan.Brackets

/**
 * Drives kotlinx.serialization [Json] with a `MapSerializer` over a map's entries: an object's members are the
 * elements that are split, cut and joined ([Brackets.OBJECT]). A run of entries encodes as a map of those
 * entries; a run of members decodes to a map whose entries, put in order into one map, make what kotlinx makes of
 * the whole object (a key seen again keeps its first place and takes the last value, as in kotlinx).
 */
internal class KotlinxJsonMapEngine<K, V>(
    private val json: Json,
    keySerializer: KSerializer<K>,
    valueSerializer: KSerializer<V>,
) : ListEngine<Map.Entry<K, V>> {
    private val mapSerializer = MapSerializer(keySerializer, valueSerializer)

    override val name: String get() = "kotlinx Json"

    override val isStrict: Boolean get() = true

    override val readsSlicesAlike: Boolean get() = true

    override val brackets: Brackets get() = Brackets.OBJECT

    override fun encodeList(elements: List<Map.Entry<K, V>>): String =
        json.encodeToString(mapSerializer, EntryMap(elements))

    override fun decodeList(text: String): List<Map.Entry<K, V>> =
        ArrayList(json.decodeFromString(mapSerializer, text).entries)

    override fun decodeElements(text: String, sink: (Map.Entry<K, V>) -> Unit) = decodeList(text).forEach(sink)

    /** A run of a map's entries as a map, in their order, without copying them into a new one. */
    private class EntryMap<K, V>(private val list: List<Map.Entry<K, V>>) : AbstractMap<K, V>() {
        override val entries: Set<Map.Entry<K, V>> = object : AbstractSet<Map.Entry<K, V>>() {
            override val size: Int get() = list.size

            override fun iterator(): Iterator<Map.Entry<K, V>> = list.iterator()
        }
    }

    companion object {
        /** The map of decoded [entries], in order: what kotlinx builds from the whole object. */
        fun <K, V> mapOf(entries: List<Map.Entry<K, V>>): LinkedHashMap<K, V> {
            val map = LinkedHashMap<K, V>(maxOf(16, (entries.size / 0.75f).toInt() + 1))
            for (entry in entries) map[entry.key] = entry.value
            return map
        }
    }
}
