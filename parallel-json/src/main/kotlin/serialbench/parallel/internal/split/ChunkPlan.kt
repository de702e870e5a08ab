package serialbench.parallel.internal.split

import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.scan.ArrayOutline
import serialbench.parallel.internal.scan.Brackets
import java.util.StringJoiner

/**
 * The chunks of one encoding of [value]: [chunksAfterFirst] chunks of about equal size, after a chunk 0
 * holding the [first] element when it was encoded alone to estimate the output's size. With no chunks
 * after the first, the whole list is one chunk.
 */
internal class ChunkPlan<T>(
    private val engine: ListEngine<T>,
    private val value: List<T>,
    private val first: String?,
    private val chunksAfterFirst: Int,
) {
    private val offset = if (first != null) 1 else 0
    val chunkCount: Int = if (chunksAfterFirst == 0) 1 else chunksAfterFirst + offset

    /** The first element's text, when it was encoded alone to estimate the output's size. */
    val firstText: String? get() = first

    /** The whole list, on the calling thread, reusing the [first] element's text if there is one. */
    fun encodeSequentially(): String = if (first == null) {
        engine.encodeList(value)
    } else {
        val rest = engine.encodeList(value.subList(1, value.size))
        join(
            listOf(inner(first, last = false, engine.brackets), inner(rest, last = true, engine.brackets)),
            engine.brackets,
        )
    }

    /**
     * The elements of chunk [i], as they appear between the brackets of the whole array: written so by the engine
     * where it can ([ListEngine.encodeElements]), else cut out of the chunk's own array. A pretty-printed array that is
     * a member of a document, whose own line begins with [indent], has that added to each line of the chunk
     * ([deeper]): the engine writes the chunk as a top-level array.
     */
    fun encodeChunk(i: Int, indent: String = ""): String {
        if (first != null && i == 0) return deeper(inner(first, last = value.size == 1, engine.brackets), indent)
        val elements = value.subList(chunkStart(i), chunkEnd(i))
        return engine.encodeElements(elements)
            ?: deeper(inner(engine.encodeList(elements), last = i == chunkCount - 1, engine.brackets), indent)
    }

    /** Index of the first element of chunk [i]. */
    fun chunkStart(i: Int): Int = if (i == 0) 0 else chunkEnd(i - 1)

    /** Index just after the last element of chunk [i]. */
    fun chunkEnd(i: Int): Int {
        if (chunksAfterFirst == 0) return value.size
        if (first != null && i == 0) return 1
        val rest = value.size - offset
        return offset + (rest.toLong() * (i - offset + 1) / chunksAfterFirst).toInt()
    }

    companion object {
        /**
         * [text] with [indent] after each of its newlines: a pretty-printed text moved [indent] deeper. Every newline
         * a pretty-printing `Json` writes begins a line it then indents (strings escape theirs), the one before a
         * closing bracket too; so the text's lines, its last bracket's among them, begin where they would in the
         * document.
         */
        fun deeper(text: String, indent: String): String {
            if (indent.isEmpty()) return text
            var newlines = 0
            var at = text.indexOf('\n')
            while (at >= 0) {
                newlines++
                at = text.indexOf('\n', at + 1)
            }
            if (newlines == 0) return text
            val builder = StringBuilder(text.length + newlines * indent.length)
            var from = 0
            at = text.indexOf('\n')
            while (at >= 0) {
                builder.append(text, from, at + 1).append(indent)
                from = at + 1
                at = text.indexOf('\n', from)
            }
            return builder.append(text, from, text.length).toString()
        }

        /** `[` + the chunks' inner texts joined by `,` + `]` (or braces), copied once into the result. */
        fun join(inners: List<String>, brackets: Brackets = Brackets.ARRAY): String {
            val joiner = StringJoiner(",", brackets.open.toString(), brackets.close.toString())
            for (inner in inners) joiner.add(inner)
            return joiner.toString()
        }

        /**
         * The text of [array] between its brackets. Whitespace before `]` is kept only for the [last] chunk:
         * in a pretty-printed array it is the newline before the final `]`.
         */
        private fun inner(array: String, last: Boolean, brackets: Brackets): String {
            val open = array.indexOf(brackets.open)
            var end = array.lastIndexOf(brackets.close)
            if (!last) while (end > open + 1 && ArrayOutline.isWhitespace(array[end - 1])) end--
            return array.substring(open + 1, end)
        }
    }
}
