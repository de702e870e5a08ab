package serialbench.parallel.internal.document

import serialbench.parallel.internal.engine.DocumentEngine
import serialbench.parallel.internal.engine.KotlinxJsonMapEngine
import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.scan.ArrayOutline
import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.Chunks
import serialbench.parallel.internal.split.DocumentReadWhole
import serialbench.parallel.internal.split.Fallback
import serialbench.parallel.internal.split.GuessedEndMissed
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.util.concurrent.ConcurrentHashMap

/**
 * The documents of any [engine], split where they have large arrays or maps (*parts*) at paths the engine splits,
 * and otherwise the engine's own:
 * - decoding: a top-level array is decoded in slices as a whole; an object is followed member by member
 *   ([DocumentOutline]) to its large parts (the *places*), the engine decodes the text with each place emptied
 *   (the skeleton), each place is decoded in slices on the pool, and the engine puts them in ([DocumentEngine.filled]);
 * - encoding: each large part the engine names ([DocumentEngine.parts]) is encoded in chunks where the planner says
 *   that gains, the engine writes the document with those parts empty, and each `[]` or `{}` (found by the outline
 *   of that text, at the part's path) is replaced by its chunks, copied once into the result.
 *
 * Whatever is split, the result is the engine's. Where the engine fails on the skeleton or on a place (an invalid
 * text, or a guessed end proved wrong), it reads the whole text for its own value or failure, counted as
 * [Fallback.DOCUMENT_FAILED]; a failure of the split path itself is thrown as it is, never read again. A skeleton
 * without the `[]` its contract promises at a path is the engine's fault, thrown as an [IllegalStateException]
 * naming the engine and the path.
 */
internal class EngineDocuments<D>(
    private val engine: DocumentEngine<D>,
    private val arrays: ParallelJsonArrays,
    private val minPlaceChars: Int,
) {
    private val endGuesses = arrays.learned.treeEnds
    private val quietCalls = arrays.learned.quietDocuments
    private val quietEncodings = arrays.learned.quietDocumentEncodings
    private val partEngines = ConcurrentHashMap<List<String>, Any>()
    private val steps = Paths()

    /**
     * The document in [text], its large arrays decoded in slices where that gains. The engine is asked whether the
     * text may be split ([DocumentEngine.splits], which may read all of it) only where it would be: not on a call read
     * whole without a look, where fastjson2's question cost 2-3% of reading a 100 KB document.
     */
    fun decode(text: String): D {
        if (text.length < minPlaceChars || arrays.insideTask()) return engine.decodeDocument(text)
        val first = ArrayOutline.skipWhitespace(text, 0, text.length)
        if (first < text.length && text[first] == '[') {
            val elements = part(ROOT)?.takeIf { it.brackets == Brackets.ARRAY } ?: return engine.decodeDocument(text)
            val whole = DocumentOutline.Place.whole(text, Brackets.ARRAY, elements)
            if (!arrays.splitsPart(elements, text.length, ahead = false) || !engine.splits(text)) {
                return arrays.decodedWhole(listOf(whole), text.length) { engine.decodeDocument(text) }
            }
            val list = try {
                arrays.decodePlace(elements, text, whole)
            } catch (_: DocumentReadWhole) {
                arrays.fallbacks.add(Fallback.DOCUMENT_FAILED)
                return engine.decodeDocument(text)
            }
            return engine.filled(engine.decodeDocument(EMPTY_ARRAY), mapOf(ROOT to list))
        }
        return arrays.splitOrWhole(
            quietCalls,
            text,
            outline = { DocumentOutline(text, minPlaceChars, steps, endGuesses).places(ROOT) },
            whole = { engine.decodeDocument(text) },
            splits = { engine.splits(text) },
        ) { places, ahead -> decodePlaces(text, places, ahead) }
    }

    /**
     * The document in [text], its [places] decoded in slices on the pool, or the engine's reading of it whole where it
     * fails on the skeleton or on a place read whole ([DocumentReadWhole]), or a place's guessed end proved wrong: its
     * own value or failure, once the pool has let go of the places. A failure of the split path itself is thrown.
     */
    private fun decodePlaces(text: String, places: List<DocumentOutline.Place>, ahead: PlacesAhead): D {
        val parts = LinkedHashMap<List<String>, Any>()
        val skeleton = try {
            for (place in places) ahead.start(place) { arrays.startPart(part(place.path)!!, text, place) }
            val skeleton = try {
                engine.decodeDocument(Splice.emptied(text, places))
            } catch (_: RuntimeException) {
                throw DocumentReadWhole
            }
            for (place in places) {
                val elements = arrays.decodePlace(part(place.path)!!, text, place, ahead.take(place))
                @Suppress("UNCHECKED_CAST")
                parts[place.path] = if (place.brackets == Brackets.OBJECT) {
                    KotlinxJsonMapEngine.mapOf(elements as List<Map.Entry<String, Any?>>)
                } else {
                    elements
                }
            }
            skeleton
        } catch (_: DocumentReadWhole) {
            return readAgain(text, places, ahead, Fallback.DOCUMENT_FAILED)
        } catch (_: GuessedEndMissed) {
            return readAgain(text, places, ahead, Fallback.GUESSED_END_MISSED)
        } finally {
            ahead.close()
        }
        return engine.filled(skeleton, parts)
    }

    /** The engine's own reading of the whole [text], once the pool has let go of its [places], counted as [reason]. */
    private fun readAgain(text: String, places: List<DocumentOutline.Place>, ahead: PlacesAhead, reason: Fallback): D {
        ahead.close()
        endGuesses.missedEnds(places)
        arrays.fallbacks.add(reason)
        return engine.decodeDocument(text)
    }

    /** [document] as the engine writes it, its large parts encoded in chunks where that gains. */
    fun encode(document: D): String {
        if (arrays.insideTask()) return engine.encodeDocument(document)
        if (quietEncodings.readsWhole()) {
            return engine.encodeDocument(document).also {
                quietEncodings.wroteWhole(it.length)
            }
        }
        val texts = LinkedHashMap<List<String>, Chunks>()
        val declined = ArrayList<Pair<ListEngine<Any?>, Int>>()
        for ((path, value) in engine.parts(document)) {
            if (path.any(::needsEscape)) continue
            val part = part(path) ?: continue
            val text = encodeSplit(part, value, path)
            if (text != null) texts[path] = text else sizeOf(value)?.let { declined += part to it }
        }
        if (texts.isEmpty()) {
            for ((part, size) in declined) arrays.quietAfterList(part, size)
            return engine.encodeDocument(document).also { quietEncodings.splitNothing(it.length, minPlaceChars) }
        }
        val skeleton = if (ROOT in texts) EMPTY_ARRAY else engine.encodeSkeleton(document, texts.keys)
        val places = emptiedPlaces(skeleton, texts.keys)
        val parts = ArrayList<String>(2 * places.size + 1 + texts.values.sumOf { 2 * it.inners.size + 2 })
        var from = 0
        for (place in places) {
            parts += skeleton.substring(from, place.start)
            texts.getValue(place.path).addTo(parts)
            from = place.end
        }
        parts += skeleton.substring(from)
        return java.lang.String.join("", parts)
    }

    /** The `[]` at each of [paths] in [skeleton], in text order, or the engine's broken contract. */
    private fun emptiedPlaces(skeleton: String, paths: Set<List<String>>): List<DocumentOutline.Place> {
        val places = if (ROOT in paths) {
            val start = ArrayOutline.skipWhitespace(skeleton, 0, skeleton.length)
            listOf(DocumentOutline.Place(ROOT, start, skeleton.length, Brackets.ARRAY, ROOT))
        } else {
            DocumentOutline(skeleton, 0, Emptied(paths.associateWith { part(it)!!.brackets })).places(ROOT).orEmpty()
        }
        val found = places.associateBy { it.path }
        for (path in paths) {
            val place = found[path]
            check(place != null && ArrayOutline.skipWhitespace(skeleton, place.start + 1, place.end) == place.end - 1) {
                "engine ${engine.name} wrote no empty array or object at $path of the skeleton " +
                    "(JsonDocumentEngine.encodeSkeleton)"
            }
        }
        return places.filter { it.path in paths }
    }

    /** The engine of the part at [path], asked once per path (at most [MAX_PATHS] kept). */
    @Suppress("UNCHECKED_CAST")
    private fun part(path: List<String>): ListEngine<Any?>? {
        val known = partEngines[path] ?: (engine.part(path) ?: NONE).also {
            if (partEngines.size >= MAX_PATHS) partEngines.clear()
            partEngines[path] = it
        }
        return if (known === NONE) null else known as ListEngine<Any?>
    }

    /** The elements or entries of a part's [value] that [encodeSplit] would have split, or null. */
    private fun sizeOf(value: Any): Int? = when (value) {
        is List<*> -> value.size
        is Map<*, *> -> value.size
        else -> null
    }?.takeIf { it >= 2 }

    /**
     * The part [value] at [path] encoded in chunks where that gains: a list's elements, or a map's entries walked
     * while its chunks are written.
     */
    @Suppress("UNCHECKED_CAST")
    private fun encodeSplit(part: ListEngine<Any?>, value: Any, path: List<String>): Chunks? = when {
        part.brackets == Brackets.ARRAY && value is List<*> ->
            if (value.size >= 2) arrays.encodeSplit(part, value as List<Any?>, part) else null

        part.brackets == Brackets.OBJECT && value is Map<*, *> ->
            if (value.size < 2) {
                null
            } else {
                arrays.encodeSplitWalking(part, value.entries as Collection<Any?>, part)
            }

        else -> throw IllegalStateException(
            "engine ${engine.name} gave a ${value.javaClass.name} at $path, where its engine splits " +
                (if (part.brackets == Brackets.ARRAY) "a List" else "a Map") + " (JsonDocumentEngine.parts)",
        )
    }

    /** Every object followed, unless a map is split there; an array or a map is a place where the engine splits. */
    private inner class Paths : DocumentOutline.Step<List<String>> {
        override fun member(context: List<String>, key: String): DocumentOutline.Member<List<String>> {
            val path = context + key
            val part = part(path) ?: return DocumentOutline.Member(path, null, null)
            return when (part.brackets) {
                Brackets.ARRAY -> DocumentOutline.Member(path, Brackets.ARRAY, part)
                Brackets.OBJECT -> DocumentOutline.Member(null, Brackets.OBJECT, part)
            }
        }
    }

    /** In a skeleton: the objects on the way to [paths] followed, and the parts at them found. */
    private class Emptied(private val paths: Map<List<String>, Brackets>) : DocumentOutline.Step<List<String>> {
        private val ways = paths.keys.flatMapTo(HashSet()) { path -> (1 until path.size).map { path.subList(0, it) } }

        override fun member(context: List<String>, key: String): DocumentOutline.Member<List<String>>? {
            val path = context + key
            val brackets = paths[path]
            return when {
                brackets != null -> DocumentOutline.Member(null, brackets, path)
                path in ways -> DocumentOutline.Member(path, null, null)
                else -> null
            }
        }
    }

    private companion object {
        val ROOT: List<String> = emptyList()
        const val EMPTY_ARRAY = "[]"
        val NONE = Any()

        /** The most paths whose engines are kept: a tree of many keyed objects has its paths asked again. */
        const val MAX_PATHS = 1024

        /** A member name whose JSON text differs from itself: the outline does not follow it. */
        fun needsEscape(name: String): Boolean = name.any { it == '"' || it == '\\' || it < ' ' }
    }
}
