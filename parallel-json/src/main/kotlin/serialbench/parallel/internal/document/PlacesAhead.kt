package serialbench.parallel.internal.document

import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.DecodeLadder
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.util.IdentityHashMap

/**
 * The slices of a document's places begun on the pool before its skeleton is read
 * ([ParallelJsonArrays.startPart]), so that the pool reads the large members while the calling thread reads the rest.
 * The reading of each place [take]s its slices once; [close] cancels those not taken (the document failed, or a place
 * was met with another serializer), so that nothing of the call runs after it returns. Where every place begun was
 * taken and read in its slices, [close] records what the call cost ([ParallelJsonArrays.recordAhead]): its time from
 * [lookNanos] (when the outline of its text began: splitting pays for it), the calling thread's own work from the
 * first place begun on, besides waiting for the slices, and the slices' threads, so that the planner learns what
 * splitting a document costs as it learns it for a list. The calling thread's alone.
 */
internal class PlacesAhead(private val arrays: ParallelJsonArrays, private val lookNanos: Long) : AutoCloseable {
    private val started = IdentityHashMap<DocumentOutline.Place, Started>()
    private val taken = ArrayList<DecodeLadder.StartedSlices<*>>()
    private var startNanos = 0L

    private class Started(val reading: Any?, val slices: DecodeLadder.StartedSlices<*>)

    /** Begins [place]'s slices where [begin] has them, for the [reading] (a route, or null) expected there. */
    fun start(place: DocumentOutline.Place, reading: Any? = null, begin: () -> DecodeLadder.StartedSlices<*>?) {
        if (started.isEmpty() && taken.isEmpty()) startNanos = System.nanoTime()
        begin()?.let { started[place] = Started(reading, it) }
    }

    /**
     * The slices begun for [place], or null where none were, or where they were begun for another [reading] than the
     * one met: those are cancelled, and the place is read as if nothing had begun.
     */
    @Suppress("UNCHECKED_CAST")
    fun <T> take(place: DocumentOutline.Place, reading: Any? = null): DecodeLadder.StartedSlices<T>? {
        val begun = started.remove(place) ?: return null
        if (begun.reading === reading) return (begun.slices as DecodeLadder.StartedSlices<T>).also { taken += it }
        begun.slices.cancel()
        return null
    }

    override fun close() {
        val cancelled = started.isNotEmpty()
        for (begun in started.values) begun.slices.cancel()
        started.clear()
        if (!cancelled && taken.isNotEmpty()) record()
        taken.clear()
    }

    private fun record() {
        val calls = taken.map { it.call ?: return }
        val endNanos = System.nanoTime()
        arrays.recordAhead(endNanos - lookNanos, endNanos - startNanos - taken.sumOf { it.joinNanos }, calls)
    }
}
