package serialbench.parallel.internal.engine

import serialbench.parallel.internal.scan.Brackets
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.atomic.AtomicInteger

/**
 * A slice's text, a run of a larger text between its [Brackets], made in one copy of the run: into a scratch array,
 * then the string of that array. A substring with the brackets concatenated around it takes two copies and leaves
 * both as garbage, which fills the young generation while every object decoded so far survives each collection: at
 * 100,000 objects (135 MB of JSON, two threads) the collections during a decode took 31-38 ms a call that way and 7-16
 * ms this way. At most [arrays] scratch arrays (one for each thread of a call) of at most [MAX_CHARS] are kept, made
 * when first needed, and go with their instance; a longer slice, or one met while every array is in use (calls on
 * several threads at once), is made the two-copy way. Thread safe.
 */
internal class SliceCopies(private val arrays: Int) {
    private val free = ConcurrentLinkedQueue<CharArray>()
    private val made = AtomicInteger()

    /** The scratch arrays made so far: at most [arrays]. */
    val arraysMade: Int get() = made.get()

    /** `text[from until to]` between [brackets]. */
    fun bracketed(text: String, from: Int, to: Int, brackets: Brackets): String {
        val length = to - from + 2
        val scratch = (if (length <= MAX_CHARS) take(length) else null)
            ?: return "${brackets.open}${text.substring(from, to)}${brackets.close}"
        try {
            scratch[0] = brackets.open
            text.toCharArray(scratch, 1, from, to)
            scratch[length - 1] = brackets.close
            return String(scratch, 0, length)
        } finally {
            free.offer(scratch)
        }
    }

    /** A free array of at least [length] characters, or null when [arrays] are in use. */
    private fun take(length: Int): CharArray? {
        val pooled = free.poll()
        if (pooled != null) return if (pooled.size >= length) pooled else CharArray(sizeOf(length))
        if (made.incrementAndGet() > arrays) {
            made.decrementAndGet()
            return null
        }
        return CharArray(sizeOf(length))
    }

    companion object {
        /**
         * The longest scratch array, in characters: under 512 KB, so that it is no humongous object in G1's smallest
         * regions (1 MB), and above a slice's usual 128 K characters and an element.
         */
        const val MAX_CHARS = 200 * 1024

        /** Scratch arrays grow in steps of this many characters. */
        private const val STEP_CHARS = 16 * 1024

        private fun sizeOf(length: Int) = minOf(MAX_CHARS, (length + STEP_CHARS - 1) / STEP_CHARS * STEP_CHARS)
    }
}
