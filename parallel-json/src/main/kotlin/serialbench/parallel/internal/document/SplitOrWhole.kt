package serialbench.parallel.internal.document

import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.DocumentCalls
import serialbench.parallel.internal.split.ParallelJsonArrays
import serialbench.parallel.internal.split.SplitCosts

/**
 * A document's decoding by one of two ways ([DocumentCalls]): [split] at the places of its [outline] that the
 * planner splits, or [whole] on this thread. Whole without an outline while [calls] are quiet; whole after an outline
 * that found no place, or only places the planner declined ([decodedWhole]), and then the next calls of its kind are
 * quiet too; whole, its places counted as declined, where the whole calls of its kind were faster lately (the next
 * calls quiet too) or are to be measured again.
 */
internal inline fun <T> ParallelJsonArrays.splitOrWhole(
    calls: DocumentCalls,
    text: String,
    outline: () -> List<DocumentOutline.Place>?,
    whole: () -> T,
    split: (List<DocumentOutline.Place>) -> T,
): T {
    if (calls.readsWhole()) return calls.timedWhole(text.length, whole)
    val start = System.nanoTime()
    val candidates = outline()
    if (candidates.isNullOrEmpty()) {
        calls.splitNothing()
        return calls.timedWhole(text.length, whole)
    }
    val places = candidates.filter { splitsPart(it.key, it.chars) }
    if (places.isEmpty()) {
        calls.splitNothing()
        return calls.timedWhole(text.length) { decodedWhole(candidates, text.length, whole) }
    }
    if (calls.readsWholeOverSplit(text.length)) {
        return calls.timedWhole(text.length) { decodedWhole(candidates, text.length, whole) }
    }
    return calls.timedSplit(text.length, start) { split(places) }
}

/**
 * [decode] of a whole document of [chars] characters on this thread, where the planner declined to split any of its
 * [places]: the time is shared among them by their sizes and recorded as theirs unsplit, so that the planner learns
 * from a decline as from a split. A failure is thrown as it is.
 */
internal inline fun <T> ParallelJsonArrays.decodedWhole(
    places: List<DocumentOutline.Place>,
    chars: Int,
    decode: () -> T,
): T {
    val start = System.nanoTime()
    val value = decode()
    val nanos = System.nanoTime() - start
    for (place in places) {
        val share = nanos * (place.chars.toDouble() / chars)
        recordAlone(place.key, SplitCosts.Direction.DECODE, place.chars.toLong(), share.toLong())
    }
    return value
}
