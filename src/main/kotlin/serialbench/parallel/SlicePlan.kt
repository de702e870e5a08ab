package serialbench.parallel

/**
 * The slices of one array [text]: the [content] between its brackets, divided at [cuts] (top-level commas,
 * [guessed] or exact). Slice `i` runs from the cut before it (or the content's start) to the cut after it
 * (or the content's end).
 */
internal class SlicePlan(val text: String, val content: IntRange, val cuts: IntArray, val guessed: Boolean) {
    val sliceCount: Int get() = cuts.size + 1

    /** Slice [i] as a JSON array text of its own, which the engine decodes. */
    fun arrayText(i: Int): String {
        val start = if (i == 0) content.first else cuts[i - 1] + 1
        val end = if (i == cuts.size) content.last + 1 else cuts[i]
        return buildString(end - start + 2) {
            append('[')
            append(text, start, end)
            append(']')
        }
    }
}
