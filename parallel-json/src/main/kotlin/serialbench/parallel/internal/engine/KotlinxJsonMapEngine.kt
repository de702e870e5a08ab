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
    private val nested = NestedArrays(mapSerializer)

    override val name: String get() = "kotlinx Json"

    override val isStrict: Boolean get() = true

    override val readsSlicesAlike: Boolean get() = true

    override val brackets: Brackets get() = Brackets.OBJECT

    override fun encodeList(elements: List<Map.Entry<K, V>>): String =
        json.encodeToString(mapSerializer, EntryMap(elements))

    override fun encodeListNested(elements: List<Map.Entry<K, V>>, levels: Int): String =
        json.encodeToString(nested.writer(levels), EntryMap(elements))

    @Suppress("UNCHECKED_CAST")
    override fun decodeList(text: String): List<Map.Entry<K, V>> {
        val map = json.decodeFromString(mapSerializer, text)
        // kotlinx's map serializer makes a LinkedHashMap, the value `Json` gives: kept as it is
        val kotlinxOwn = map.javaClass == LinkedHashMap::class.java
        return if (kotlinxOwn) Decoded(map as LinkedHashMap<K, V>) else ArrayList(map.entries)
    }

    override fun gather(slices: Int): PartGather<Map.Entry<K, V>> = gatherMap(slices)

    override fun decodeElements(text: String, sink: (Map.Entry<K, V>) -> Unit) = decodeList(text).forEach(sink)

    /** A run of a map's entries as a map, in their order, without copying them into a new one. */
    private class EntryMap<K, V>(private val list: List<Map.Entry<K, V>>) : AbstractMap<K, V>() {
        override val entries: Set<Map.Entry<K, V>> = object : AbstractSet<Map.Entry<K, V>>() {
            override val size: Int get() = list.size

            override fun iterator(): Iterator<Map.Entry<K, V>> = list.iterator()
        }
    }

    /** The entries of a [map] decoded or gathered, which [mapOf] gives back as it is instead of building it again. */
    private class Decoded<K, V>(val map: LinkedHashMap<K, V>) : ArrayList<Map.Entry<K, V>>(map.entries)

    companion object {
        /**
         * The map of decoded [entries], in order: what kotlinx builds from the whole object; the map itself where
         * the entries are those of one already built ([decodeList], [gatherMap]).
         */
        fun <K, V> mapOf(entries: List<Map.Entry<K, V>>): LinkedHashMap<K, V> {
            if (entries is Decoded<K, V>) return entries.map
            return LinkedHashMap<K, V>(capacity(entries.size)).also { map ->
                entries.forEach { map[it.key] = it.value }
            }
        }

        /**
         * The map of a part read in [slices] slices, built slice after slice: a key seen again keeps its first place
         * and takes the last value, as in kotlinx. Sized for [slices] slices like the first.
         */
        fun <K, V> gatherMap(slices: Int): PartGather<Map.Entry<K, V>> = object : PartGather<Map.Entry<K, V>> {
            private var map: LinkedHashMap<K, V>? = null

            override fun add(slice: List<Map.Entry<K, V>>) {
                val into = map ?: LinkedHashMap<K, V>(capacity(slice.size.toLong() * slices)).also { map = it }
                for (entry in slice) into[entry.key] = entry.value
            }

            override fun result(): List<Map.Entry<K, V>> = Decoded(map ?: LinkedHashMap())
        }

        private fun capacity(entries: Long): Int = (entries / 0.75 + 1).toLong().coerceIn(16, 1L shl 30).toInt()

        private fun capacity(entries: Int): Int = capacity(entries.toLong())
    }
}
