package serialbench.parallel.internal.document

import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.DecodeLadder
import java.util.IdentityHashMap

/**
 * The slices of a document's places begun on the pool before its skeleton is read
 * ([serialbench.parallel.internal.split.ParallelJsonArrays.startPart]), so that the pool reads the large members
 * while the calling thread reads the rest. The reading of each place [take]s its slices once; [close] cancels those
 * not taken (the document failed, or a place was met with another serializer), so that nothing of the call runs after
 * it returns. The calling thread's alone.
 */
internal class PlacesAhead : AutoCloseable {
    private val started = IdentityHashMap<DocumentOutline.Place, Started>()

    private class Started(val reading: Any?, val slices: DecodeLadder.StartedSlices<*>)

    /** Begins [place]'s slices where [begin] has them, for the [reading] (a route, or null) expected there. */
    fun start(place: DocumentOutline.Place, reading: Any? = null, begin: () -> DecodeLadder.StartedSlices<*>?) {
        begin()?.let { started[place] = Started(reading, it) }
    }

    /**
     * The slices begun for [place], or null where none were, or where they were begun for another [reading] than the
     * one met: those are cancelled, and the place is read as if nothing had begun.
     */
    @Suppress("UNCHECKED_CAST")
    fun <T> take(place: DocumentOutline.Place, reading: Any? = null): DecodeLadder.StartedSlices<T>? {
        val begun = started.remove(place) ?: return null
        if (begun.reading === reading) return begun.slices as DecodeLadder.StartedSlices<T>
        begun.slices.cancel()
        return null
    }

    override fun close() {
        for (begun in started.values) begun.slices.cancel()
        started.clear()
    }
}
