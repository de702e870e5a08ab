package serialbench.parallel.internal.split

import serialbench.parallel.internal.scan.ArrayOutline
import serialbench.parallel.internal.scan.Brackets

/**
 * The slices of one array [text]: the [content] between its brackets, divided at [cuts] (top-level commas,
 * [guessed] or exact). Slice `i` runs from the cut before it (or the content's start) to the cut after it
 * (or the content's end). For exact cuts, [elementsBefore] holds the number of elements before each cut and
 * [total] the number in the whole text.
 */
internal class SlicePlan(
    val text: String,
    val content: IntRange,
    val cuts: IntArray,
    val guessed: Boolean,
    private val elementsBefore: IntArray? = null,
    private val total: Int = -1,
    private val brackets: Brackets = Brackets.ARRAY,
) {
    val sliceCount: Int get() = cuts.size + 1

    fun start(i: Int): Int = if (i == 0) content.first else cuts[i - 1] + 1

    fun end(i: Int): Int = if (i == cuts.size) content.last + 1 else cuts[i]

    /** The number of elements in slice [i] as the outline shows it: known for exact cuts, scanned for guesses. */
    fun elementCount(i: Int): Int {
        if (elementsBefore == null) return ArrayOutline.scan(text, start(i), end(i), brackets)
        val before = if (i == 0) 0 else elementsBefore[i - 1]
        val upTo = if (i == cuts.size) total else elementsBefore[i]
        return upTo - before
    }

    /** The characters of the sliced text, between its brackets. */
    val chars: Long get() = content.last + 1L - content.first
}
