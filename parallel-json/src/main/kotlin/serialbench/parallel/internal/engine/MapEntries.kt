package serialbench.parallel.internal.engine

/**
 * The members an engine decoded, as the list of [map]'s entries in their order, not copied: a map engine's slices
 * ([ListEngine.decodeSlice]) and whole readings give these, and [joined] and [mapOf] make the object's map from
 * them. [map] is the engine's new map, made for this one reading, which those two may keep and add members to.
 */
internal class MapEntries<K, V>(val map: Map<K, V>) : AbstractList<Map.Entry<K, V>>() {
    /** The entries by index, made once a caller asks for one by index (the layer itself only iterates). */
    private val byIndex by lazy(LazyThreadSafetyMode.NONE) { ArrayList(map.entries) }

    override val size: Int get() = map.size

    override fun get(index: Int): Map.Entry<K, V> = byIndex[index]

    override fun iterator(): Iterator<Map.Entry<K, V>> = map.entries.iterator()

    companion object {
        /**
         * The map of [entries], in order: what kotlinx makes of the whole object (a key seen again keeps its first
         * place and takes the last value). Where [entries] are a decoded map's own ([MapEntries] of a
         * `LinkedHashMap`), that map, not a copy.
         */
        fun <K, V> mapOf(entries: List<Map.Entry<K, V>>): LinkedHashMap<K, V> {
            ownMap(entries)?.let { return it }
            val map = LinkedHashMap<K, V>(capacityFor(entries.size))
            for (entry in entries) map[entry.key] = entry.value
            return map
        }

        /**
         * The members of the decoded [parts], in order, as one [MapEntries]: the later parts' members put into the
         * first part's map where that is a `LinkedHashMap` of its own, else all of them into a new one. Only the
         * members after the first part are put again, on the caller's thread, where a new map would take them all.
         */
        fun <K, V> joined(parts: List<List<Map.Entry<K, V>>>): List<Map.Entry<K, V>> {
            val first = parts.firstOrNull() ?: return MapEntries(LinkedHashMap<K, V>())
            val map = ownMap(first) ?: LinkedHashMap<K, V>(capacityFor(parts.sumOf { it.size })).also { map ->
                for (entry in first) map[entry.key] = entry.value
            }
            for (i in 1 until parts.size) {
                val part = parts[i]
                if (part is MapEntries) map.putAll(part.map) else for (entry in part) map[entry.key] = entry.value
            }
            return MapEntries(map)
        }

        /** The map behind [entries] where it is a plain `LinkedHashMap` decoded for them alone, else null. */
        @Suppress("UNCHECKED_CAST")
        private fun <K, V> ownMap(entries: List<Map.Entry<K, V>>): LinkedHashMap<K, V>? {
            val map = (entries as? MapEntries<K, V>)?.map ?: return null
            return if (map.javaClass == LinkedHashMap::class.java) map as LinkedHashMap<K, V> else null
        }

        /** A `LinkedHashMap`'s initial capacity for [size] entries without a resize. */
        private fun capacityFor(size: Int): Int = maxOf(16, (size / 0.75f).toInt() + 1)
    }
}
