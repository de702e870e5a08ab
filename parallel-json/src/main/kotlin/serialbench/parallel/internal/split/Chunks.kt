package serialbench.parallel.internal.split

import serialbench.parallel.internal.scan.Brackets

/**
 * The texts of a list's or map's chunks, each what goes between the [brackets] of the whole (see [ChunkPlan]), not
 * yet joined: whoever writes the whole text copies them once, in place. In a pretty-printed document, [indent] begins
 * the line of the whole's opening bracket (empty otherwise): the chunks were written for that depth.
 */
internal class Chunks(val inners: List<String>, val brackets: Brackets, val indent: String = "") {
    /** The length of the joined text: the brackets, the chunks and the commas between them. */
    val length: Int get() = inners.sumOf { it.length } + inners.size + 1

    /** Adds the joined text's parts, in order, to [parts]. */
    fun addTo(parts: MutableList<String>) {
        parts += brackets.open.toString()
        for ((i, inner) in inners.withIndex()) {
            if (i > 0) parts += ","
            parts += inner
        }
        parts += brackets.close.toString()
    }
}
