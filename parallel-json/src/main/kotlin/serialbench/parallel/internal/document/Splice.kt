package serialbench.parallel.internal.document

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.Chunks
import serialbench.parallel.internal.split.Fallback
import java.util.UUID

/**
 * The skeleton of a document with places, built once for classes and trees alike. Decoding cuts the places' texts
 * out ([emptied]): `Json` reads the document with each place empty while the places are read on the pool.
 * Encoding ([DocumentEncoding], [TreeDocuments]) splices them back in ([join]): `Json` encodes the document with a
 * marker string where each place's value goes, the places are encoded in chunks on the pool, and each marker (its
 * JSON string, quotes included) is replaced by its place's text. A marker holds a control character and a random
 * number drawn per instance, so no value of the document can be mistaken for one. A pretty-printing `Json` indents a
 * place's text by its depth: its chunks are written that many arrays deep ([memberLevels]), and the marker's line
 * must begin with that many indents. A marker not found where expected is [Abandoned] ([Fallback.MARKER_IN_TEXT]).
 */
@OptIn(ExperimentalSerializationApi::class)
internal class Splice(private val json: Json) {
    private val prefix = "\u0001ParallelJson " + UUID.randomUUID() + " "
    private val indent = if (json.configuration.prettyPrint) json.configuration.prettyPrintIndent else ""

    /** The marker of the place numbered [index] in encoding order. */
    fun marker(index: Int): String = prefix + index

    /**
     * How many arrays deep the chunks of a member of an object at [depth] (the root at 0) are written: `depth + 1`
     * where [json] pretty-prints, as many indents as begin the member's line; 0 in a compact text, which has no depth.
     */
    fun memberLevels(depth: Int): Int = if (indent.isEmpty()) 0 else depth + 1

    /**
     * [skeleton] with the markers of places `0 until texts.size` replaced, in order, by [texts], the whole copied
     * once into the result.
     */
    fun join(skeleton: String, texts: List<Chunks>): String {
        val parts = ArrayList<String>(4 * texts.size + 2 + texts.sumOf { 2 * it.inners.size })
        var from = 0
        for ((index, text) in texts.withIndex()) {
            val quoted = json.encodeToString(String.serializer(), marker(index))
            val at = skeleton.indexOf(quoted, from)
            if (at < 0 || !beginsLine(skeleton, at, indent.repeat(text.levels))) {
                throw Abandoned.of(Fallback.MARKER_IN_TEXT)
            }
            parts += skeleton.substring(from, at)
            text.addTo(parts)
            from = at + quoted.length
        }
        if (texts.isNotEmpty() &&
            skeleton.indexOf(prefix.substring(1), from) >= 0
        ) {
            throw Abandoned.of(Fallback.MARKER_IN_TEXT)
        }
        parts += skeleton.substring(from)
        return java.lang.String.join("", parts)
    }

    companion object {
        /**
         * Whether the line of [skeleton] holding [at] begins with [indent] and then a member's name: where a place's
         * chunks written that deep belong. Always so in a compact text.
         */
        private fun beginsLine(skeleton: String, at: Int, indent: String): Boolean {
            if (indent.isEmpty()) return true
            val start = skeleton.lastIndexOf('\n', at) + 1
            val name = start + indent.length
            return skeleton.startsWith(indent, start) && name < at && skeleton[name] == '"'
        }

        /** [text] with each of [places] (in text order) replaced by its empty array or object. */
        fun emptied(text: String, places: List<DocumentOutline.Place>): String {
            val kept = text.length - places.sumOf { it.chars }
            val builder = StringBuilder(kept + 2 * places.size)
            var from = 0
            for (place in places) {
                builder.append(text, from, place.start).append(place.brackets.open).append(place.brackets.close)
                from = place.end
            }
            return builder.append(text, from, text.length).toString()
        }
    }
}
