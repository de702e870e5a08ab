package serialbench.parallel.internal.split

import serialbench.parallel.internal.scan.Brackets

/**
 * The texts of a list's or map's chunks, each what goes between the [brackets] of the whole (see [ChunkPlan]), not
 * yet joined: whoever writes the whole text copies them once, in place. In a pretty-printed document, written for a
 * whole [levels] arrays deep (0 otherwise: at the top, or compact).
 */
internal class Chunks(val inners: List<String>, val brackets: Brackets, val levels: Int = 0) {
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
