package serialbench.parallel.internal.document

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import serialbench.parallel.internal.engine.JsonTreeEngines
import serialbench.parallel.internal.engine.KotlinxJsonMapEngine
import serialbench.parallel.internal.scan.ArrayOutline
import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.Chunks
import serialbench.parallel.internal.split.ParallelJsonArrays

/**
 * Documents read into and written from kotlinx's `JsonElement` trees: any object is followed, a large array is a
 * place, and so is a large object of many members that holds no large value (a map, where a wrapper of large
 * values is followed instead). Decoding: `Json` reads the text with empty places, and each place's tree, read in
 * slices on the pool, is put in its member. Encoding: each large array or map of the tree is encoded in chunks
 * where the planner says that gains, as in [Splice].
 */
internal class TreeDocuments(
    private val json: Json,
    private val arrays: ParallelJsonArrays,
    private val minPlaceChars: Int,
) {
    private val elements = JsonTreeEngines.elements(json)
    private val members = JsonTreeEngines.members(json)
    private val splice = Splice(json)
    private val endGuesses = arrays.learned.treeEnds

    /** The tree of [text], an array or an object, its places read in parts where that gains. */
    fun <T> decode(deserializer: DeserializationStrategy<T>, text: String): T {
        val first = ArrayOutline.skipWhitespace(text, 0, text.length)
        if (first < text.length && text[first] == '[' && deserializer === JsonElement.serializer()) {
            if (!arrays.splitsPart(ARRAY_KEY, text.length, ahead = false)) {
                val whole = DocumentOutline.Place.whole(text, Brackets.ARRAY, ARRAY_KEY)
                return arrays.decodedWhole(listOf(whole), text.length) {
                    readWhole { json.decodeFromString(deserializer, text) }
                }
            }
            @Suppress("UNCHECKED_CAST")
            return JsonArray(
                arrays.decodePart(elements, text, DocumentOutline.Place.whole(text, Brackets.ARRAY, ARRAY_KEY)),
            ) as T
        }
        return arrays.splitOrWhole(
            arrays.learned.quietCalls(deserializer.descriptor),
            text,
            outline = { DocumentOutline(text, minPlaceChars, Steps, endGuesses).places(Steps) },
            whole = { readWhole { json.decodeFromString(deserializer, text) } },
        ) { places, ahead ->
            try {
                decodePlaces<T>(text, places, ahead)
            } catch (e: Exception) {
                endGuesses.missedEnds(places)
                throw e
            }
        }
    }

    /** The skeleton's tree read while the pool begins the places' slices ([PlacesAhead]), then each place put in. */
    private fun <T> decodePlaces(text: String, places: List<DocumentOutline.Place>, ahead: PlacesAhead): T {
        for (place in places) {
            ahead.start(place) {
                if (place.brackets == Brackets.ARRAY) {
                    arrays.startPart(elements, text, place)
                } else {
                    arrays.startPart(members, text, place)
                }
            }
        }
        var root = json.decodeFromString(JsonElement.serializer(), Splice.emptied(text, places))
        for (place in places) {
            val value = if (place.brackets == Brackets.ARRAY) {
                JsonArray(arrays.decodePart(elements, text, place, ahead.take(place)))
            } else {
                JsonObject(KotlinxJsonMapEngine.mapOf(arrays.decodePart(members, text, place, ahead.take(place))))
            }
            root = replaced(root, place.path, 0, value)
        }
        @Suppress("UNCHECKED_CAST")
        return root as T
    }

    /** [tree] as `json` writes it, its large arrays and maps encoded in chunks, or [Abandoned] (see [Splice]). */
    fun <T> encode(serializer: SerializationStrategy<T>, tree: JsonObject): String {
        val texts = ArrayList<Chunks>()

        val skeleton = marked(tree, texts, depth = 0)
        @Suppress("UNCHECKED_CAST")
        if (texts.isEmpty()) return json.encodeToString(serializer, tree as T)
        @Suppress("UNCHECKED_CAST")
        return splice.join(json.encodeToString(serializer, skeleton as T), texts)
    }

    /** The array [tree] as `json` writes it, its elements encoded in chunks where that gains. */
    fun encodeArray(tree: JsonArray): String = arrays.encode(elements, tree, ARRAY_KEY)

    /** [tree] with each large array or map that splits replaced by its marker, its text added to [texts]. */
    private fun marked(tree: JsonObject, texts: MutableList<Chunks>, depth: Int): JsonObject {
        if (depth > MAX_DEPTH) return tree
        var copy: LinkedHashMap<String, JsonElement>? = null
        for ((key, value) in tree) {
            val replacement: JsonElement = when {
                value is JsonArray && value.size >= 2 ->
                    arrays.encodeSplit(elements, value, ARRAY_KEY, splice.memberLevels(depth))
                        ?.let {
                            texts += it
                            JsonPrimitive(splice.marker(texts.size - 1))
                        }

                value is JsonObject && isWrapper(value) -> marked(value, texts, depth + 1).takeIf { it !== value }

                value is JsonObject && value.size >= MIN_MAP_MEMBERS ->
                    arrays.encodeSplitWalking(members, value.entries, OBJECT_KEY, splice.memberLevels(depth))
                        ?.let {
                            texts += it
                            JsonPrimitive(splice.marker(texts.size - 1))
                        }

                else -> null
            } ?: continue
            if (copy == null) copy = LinkedHashMap(tree)
            copy[key] = replacement
        }
        return if (copy == null) tree else JsonObject(copy)
    }

    /** An object holding an array or object larger than it has members: followed rather than split. */
    private fun isWrapper(value: JsonObject): Boolean = value.values.any {
        (it is JsonArray && it.size > value.size) || (it is JsonObject && it.size > value.size)
    }

    private fun replaced(tree: JsonElement, path: List<String>, at: Int, value: JsonElement): JsonElement {
        // The outline read the same text as the tree: an object with this key is there.
        val objectTree = checkNotNull(tree as? JsonObject) { "no object at ${path.take(at)}" }
        val key = path[at]
        val old = checkNotNull(objectTree[key]) { "no member at ${path.take(at + 1)}" }
        val new = if (at == path.lastIndex) value else replaced(old, path, at + 1, value)
        return JsonObject(LinkedHashMap(objectTree).also { it[key] = new })
    }

    /** Every member followed: an array is a place, an object followed, or a place when it holds none. */
    private object Steps : DocumentOutline.Step<Steps> {
        private val member = DocumentOutline.Member(Steps, Brackets.ARRAY, ARRAY_KEY)

        override fun member(context: Steps, key: String): DocumentOutline.Member<Steps> = member

        override fun objectPlaceKey(context: Steps, members: Int): Any? =
            if (members >= MIN_MAP_MEMBERS) OBJECT_KEY else null

        override fun guessedObjectKey(context: Steps): Any = OBJECT_KEY
    }

    private companion object {
        /** The keys the split costs of trees are kept under: arrays of any values, objects of any members. */
        val ARRAY_KEY = Any()
        val OBJECT_KEY = Any()

        /** An object of fewer members is not split as a map. */
        const val MIN_MAP_MEMBERS = 16

        const val MAX_DEPTH = 64
    }
}
