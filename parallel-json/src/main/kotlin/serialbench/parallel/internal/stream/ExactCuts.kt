package serialbench.parallel.internal.stream

import serialbench.parallel.internal.scan.OutlineReading
import serialbench.parallel.internal.scan.OutlineScanner

/**
 * The exact scan of a [StreamBatcher]: an [OutlineScanner] (as kotlinx reads) over every byte of the input's buffer
 * from [scanned] on, which records each element's bounds and stops at the first top-level comma past the batch's
 * [BatchHandOff.targetBytes] (a cut, [takeCut]) or at the array's closing bracket ([takeClose]).
 *
 * Contract: positions are indices into the buffer passed to [scan]; when the batcher moves the unscanned bytes
 * to a new buffer it calls [shift]. The element bounds recorded since the last [clear] are those of the batch
 * being filled. With [afterElement], the scan starts just after an element (at a top-level comma). Not thread
 * safe.
 */
internal class ExactCuts(private val batches: BatchHandOff, afterElement: Boolean) : OutlineScanner.Listener {
    private val scanner = OutlineScanner(
        this,
        if (afterElement) OutlineScanner.Start.AFTER_ELEMENT else OutlineScanner.Start.ARRAY,
        reading = OutlineReading.KOTLINX,
    )

    /** Where the scan goes on in the buffer: the bytes before were scanned (or skipped: a byte order mark). */
    var scanned: Int = 0
    private var starts = IntArray(64)
    private var ends = IntArray(64)

    /** Elements of the batch being filled. */
    var elements: Int = 0
        private set

    /** Where the element being scanned starts, or -1 between elements. */
    var openElement: Int = -1
        private set
    private var cutAt = -1
    private var closeAt = -1

    /** What is wrong with the outline, once broken (see [OutlineScanner.failure]). */
    val failure: String? get() = scanner.failure
    val failurePos: Int get() = scanner.failurePos
    val failureInElement: Boolean get() = scanner.failureInElement

    /** Scans `buf[scanned, filled)`, up to a cut, the array's end or a failure. */
    fun scan(buf: ByteArray, filled: Int) {
        scanned = scanner.scan(buf, scanned, filled)
    }

    /** The input ended at [end] (see [OutlineScanner.finish]). */
    fun finish(end: Int) = scanner.finish(end)

    /** The comma the scan stopped at to cut, or -1; then forgotten. */
    fun takeCut(): Int = cutAt.also { cutAt = -1 }

    /** The closing bracket the scan has reached, or -1; then forgotten. */
    fun takeClose(): Int = closeAt.also { closeAt = -1 }

    /** The buffer's bytes before [from] were moved out. */
    fun shift(from: Int) {
        scanned = maxOf(0, scanned - from)
    }

    /** The starts of the batch's elements, [minus] subtracted from each. */
    fun starts(minus: Int): IntArray =
        if (minus == 0) starts.copyOf(elements) else IntArray(elements) { starts[it] - minus }

    /** The ends of the batch's elements, [minus] subtracted from each. */
    fun ends(minus: Int): IntArray = if (minus == 0) ends.copyOf(elements) else IntArray(elements) { ends[it] - minus }

    /** Where the batch's last element ends; only with [elements] above 0. */
    fun lastEnd(): Int = ends[elements - 1]

    /** The batch's elements were handed on. */
    fun clear() {
        elements = 0
    }

    override fun arrayStart(pos: Int) {
        batches.open = pos
    }

    override fun elementStart(pos: Int) {
        openElement = pos
    }

    override fun elementEnd(pos: Int) {
        if (elements == starts.size) {
            starts = starts.copyOf(elements * 2)
            ends = ends.copyOf(elements * 2)
        }
        starts[elements] = openElement
        ends[elements++] = pos
        openElement = -1
    }

    override fun comma(pos: Int, elementsBefore: Int): Boolean {
        if (pos - batches.open <= batches.targetBytes) return false
        cutAt = pos
        return true
    }

    override fun arrayEnd(pos: Int): Boolean {
        closeAt = pos
        return false
    }
}
