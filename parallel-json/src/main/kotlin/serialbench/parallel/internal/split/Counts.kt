package serialbench.parallel.internal.split

import java.util.concurrent.atomic.LongAdder

/** A count for each value of an enum [E] of [size] values, added to from any thread. Thread safe. */
internal open class Counts<E : Enum<E>>(size: Int) {
    private val counts = Array(size) { LongAdder() }

    fun add(what: E) = counts[what.ordinal].increment()

    /** The count of [what] so far. */
    fun count(what: E): Long = counts[what.ordinal].sum()
}
