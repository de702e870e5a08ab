package serialbench.parallel.internal.split

import serialbench.parallel.internal.engine.PartGather
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicReferenceArray

/**
 * A split part's slices handed to its [gather] in slice order as they end, by whichever thread ended the slice that
 * comes next: putting the part together shares the threads with its later slices, instead of following all of them
 * on the calling thread alone. A thread that ends a slice out of order leaves it for the one that ends the slice
 * before it, and goes on to its next slice without waiting. Thread safe; one per reading of a part in slices.
 */
internal class Gathering<T>(private val gather: PartGather<T>, private val sliceCount: Int) {
    private val ended = AtomicReferenceArray<List<T>>(sliceCount)

    /** Held by the thread handing slices to [gather]. */
    private val handing = AtomicBoolean()

    /** The next slice to hand over; written only while [handing] is held. */
    private var next = 0

    /** Slice [index] ended with [elements]: hands them over, with those after it that ended already, if it can. */
    fun ended(index: Int, elements: List<T>) {
        ended.set(index, elements)
        while (handing.compareAndSet(false, true)) {
            try {
                while (next < sliceCount) {
                    gather.add(ended.get(next) ?: break)
                    ended.set(next++, null)
                }
            } finally {
                handing.set(false)
            }
            // a slice that ended after the check above, while this thread held the hand-over, is this thread's to hand
            if (next >= sliceCount || ended.get(next) == null) return
        }
    }

    /** The part's elements, once every slice has ended and the threads that read them have returned. */
    fun result(): List<T> {
        check(next == sliceCount) { "$next of $sliceCount slices gathered" }
        return gather.result()
    }
}
