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
     * where it can ([ListEngine.encodeElements]), else cut out of the chunk's own array. The array of a member of a
     * pretty-printed document, [levels] arrays deep in it (0 at the top), has its chunks written that deep
     * ([ListEngine.encodeListNested]), each line indented as `Json` indents it there, and then cut out.
     */
    fun encodeChunk(i: Int, levels: Int = 0): String {
        val last = i == chunkCount - 1
        if (levels > 0) {
            val elements = value.subList(chunkStart(i), chunkEnd(i))
            val nested = checkNotNull(engine.encodeListNested(elements, levels)) {
                "${engine.name} does not write a chunk $levels arrays deep"
            }
            return inner(nested, last, engine.brackets, levels)
        }
        if (first != null && i == 0) return inner(first, last = value.size == 1, engine.brackets)
        val elements = value.subList(chunkStart(i), chunkEnd(i))
        return engine.encodeElements(elements) ?: inner(engine.encodeList(elements), last, engine.brackets)
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
        /** `[` + the chunks' inner texts joined by `,` + `]` (or braces), copied once into the result. */
        fun join(inners: List<String>, brackets: Brackets = Brackets.ARRAY): String {
            val joiner = StringJoiner(",", brackets.open.toString(), brackets.close.toString())
            for (inner in inners) joiner.add(inner)
            return joiner.toString()
        }

        /**
         * The text of [array] between its brackets, inside the [levels] arrays around it. Whitespace before `]` is
         * kept only for the [last] chunk: in a pretty-printed array it is the newline (and indent) before the final
         * `]`. Arrays around one value hold nothing but whitespace besides it: their brackets are the first and last.
         */
        private fun inner(array: String, last: Boolean, brackets: Brackets, levels: Int = 0): String {
            var open = 0
            var end = array.length
            repeat(levels) {
                open = array.indexOf('[', open) + 1
                end = array.lastIndexOf(']', end - 1)
            }
            open = array.indexOf(brackets.open, open)
            end = array.lastIndexOf(brackets.close, end - 1)
            if (!last) while (end > open + 1 && ArrayOutline.isWhitespace(array[end - 1])) end--
            return array.substring(open + 1, end)
        }
    }
}
