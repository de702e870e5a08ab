package serialbench.parallel.internal.split

/**
 * A collection's elements (a map's entries) as a list that the calling thread fills ([walk]) while the pool's chunks
 * already encode the elements walked: a map of many entries, each on a cache line of its own, takes milliseconds to
 * walk, which the chunks would otherwise wait for. The first element is walked when the list is made (the planner
 * encodes it alone). [get] waits for an element not walked yet; it fails, rather than wait for ever, once the walk has
 * ended without it: the walk failed, or the collection gave fewer elements than its size said ([complete] is then
 * false, and what was encoded from this list is not used).
 */
internal class WalkedEntries<E>(source: Collection<E>) :
    AbstractList<E>(),
    RandomAccess {
    private val iterator = source.iterator()
    private val walked = arrayOfNulls<Any>(source.size)

    override val size: Int = walked.size

    /** Elements walked so far, published every [PUBLISH_EVERY] elements and at the end. */
    @Volatile private var published = 0

    /** The walk has ended: every element that will ever be published is. */
    @Volatile private var ended = false

    /** Whether the collection gave exactly [size] elements; known once [walk] has returned. */
    var complete: Boolean = false
        private set

    init {
        if (size > 0 && iterator.hasNext()) walked[0] = iterator.next().also { published = 1 }
    }

    /** Walks the rest of the collection on this thread; ends the walk whatever happens, so no [get] waits for ever. */
    fun walk() {
        var count = published
        try {
            while (iterator.hasNext()) {
                val element = iterator.next()
                if (count == size) return
                walked[count++] = element
                if (count % PUBLISH_EVERY == 0) published = count
            }
            complete = count == size
        } finally {
            published = count
            ended = true
        }
    }

    override fun get(index: Int): E {
        if (index < 0 || index >= size) throw IndexOutOfBoundsException("index $index of $size entries")
        var spins = 0
        while (index >= published) {
            if (ended && index >= published) error("entry $index of $size was never walked")
            // where the walking thread shares this one's core, let it run
            if (++spins % YIELD_EVERY == 0) Thread.yield() else Thread.onSpinWait()
        }
        @Suppress("UNCHECKED_CAST")
        return walked[index] as E
    }

    private companion object {
        /** A volatile write per this many elements: often enough that a chunk trails the walk by microseconds. */
        const val PUBLISH_EVERY = 64

        /** Spins between two yields of a chunk that waits for the walk. */
        const val YIELD_EVERY = 1_024
    }
}
