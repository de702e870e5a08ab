package serialbench.measure

/**
 * A moment inside one timed call, marked by the operation itself: the arrival of a streaming decode's first
 * element, say. Only the first [mark] of a call counts. Used by the thread that runs the call.
 */
class Mark internal constructor() {
    internal var nanos: Long = 0
        private set
    internal var marked: Boolean = false
        private set

    /** Records now as this call's moment, unless already marked in this call. */
    fun mark() {
        if (marked) return
        nanos = System.nanoTime()
        marked = true
    }

    internal fun reset() {
        marked = false
    }
}

/**
 * What a marked measurement times: one call that [Mark]s a moment inside itself, prepared and checked before timing.
 */
interface MarkedSubject {
    /** Bytes on the wire of what the call reads. */
    val payloadBytes: Int

    /** Those bytes themselves, for their gzip size ([GzipSizes]). */
    fun payloadContent(): ByteArray

    /** Does the whole work once, calling [Mark.mark] at the moment measured inside it; returns a result to consume. */
    fun run(mark: Mark): Any?
}
