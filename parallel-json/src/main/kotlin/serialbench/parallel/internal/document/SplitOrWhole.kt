package serialbench.parallel.internal.document

import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.ParallelJsonArrays
import serialbench.parallel.internal.split.QuietCalls
import serialbench.parallel.internal.split.SplitCosts

/**
 * A document's decoding by one of two ways: [split] at the places of its [outline] that the planner splits, or
 * [whole] on this thread. Whole without an outline while [quiet] says so (a text much longer than those it was
 * quiet after is looked at), and, past that, where the engine does not let the text be split ([splits], asked only
 * then: it may read the whole text), without changing what comes next; whole after an outline that found no place,
 * or only places the planner declined ([decodedWhole]), and then the next calls of its kind are quiet too: the
 * outline reads the text up to its large members, which a document read whole pays for nothing. A split begins its
 * places on the pool through the [PlacesAhead] it is given, which measures the call from its outline on: the outline
 * is part of what splitting a document costs.
 */
internal inline fun <T> ParallelJsonArrays.splitOrWhole(
    quiet: QuietCalls,
    text: String,
    outline: () -> List<DocumentOutline.Place>?,
    whole: () -> T,
    splits: () -> Boolean = { true },
    split: (List<DocumentOutline.Place>, PlacesAhead) -> T,
): T {
    if (quiet.readsWhole(text.length) || !splits()) return whole()
    val lookNanos = System.nanoTime()
    val candidates = outline()
    if (candidates.isNullOrEmpty()) {
        quiet.splitNothing(text.length)
        return whole()
    }
    val places = placesToSplit(candidates)
    if (places.isEmpty()) {
        quiet.splitNothing(text.length)
        quietAfter(candidates)
        return decodedWhole(candidates, text.length, whole)
    }
    return PlacesAhead(this, lookNanos).use { ahead -> split(places, ahead) }
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
