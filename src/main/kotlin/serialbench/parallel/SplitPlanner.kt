package serialbench.parallel

import java.util.concurrent.ConcurrentHashMap

/**
 * Decides whether and where to split (see [ParallelJsonArrays] for the vocabulary): how many chunks a list
 * is encoded in, and how many slices, cut where, an array text is decoded in. Remembers per element type
 * (by key) the encoded size of an element and whether guessed cuts failed for it. Thread safe.
 */
internal class SplitPlanner(
    private val parallelism: Int,
    private val minParallelChars: Int,
    private val chunksPerThread: Int,
) {
    /** Element types (by key) whose texts defeated the guessed cuts: they go straight to exact cuts. */
    private val guessMisses = ConcurrentHashMap.newKeySet<Any>()

    /** Encoded characters per element seen last, by element type (key): decides whether to split at all. */
    private val charsPerElement = ConcurrentHashMap<Any, Int>()

    /** Whether an array text of [length] characters is worth decoding in slices. */
    fun splitsText(length: Int): Boolean = parallelism > 1 && length >= minParallelChars

    /**
     * The chunks to encode [value] in, or null when the list is best encoded by the engine alone. The size of
     * the output is estimated from earlier calls with the same element type or, on the first call, from the
     * first element encoded alone.
     */
    fun <T> chunks(engine: JsonListEngine<T>, value: List<T>, key: Any): ChunkPlan<T>? {
        if (parallelism <= 1 || value.size < 2) return null
        val charsPerElement = charsPerElement[key]
        if (charsPerElement != null) {
            val estimatedChars = charsPerElement.toLong() * value.size
            if (estimatedChars < minParallelChars) return null
            return ChunkPlan(engine, value, null, taskCount(estimatedChars).coerceAtMost(value.size))
        }
        val first = engine.encodeList(value.subList(0, 1))
        val estimatedChars = first.length.toLong() * value.size
        if (estimatedChars < minParallelChars) return ChunkPlan(engine, value, first, 0)
        return ChunkPlan(engine, value, first, taskCount(estimatedChars).coerceAtMost(value.size - 1))
    }

    /** Records the size of an encoding of [size] elements as [text], for the next [chunks] of this [key]. */
    fun rememberEncoded(key: Any, text: String, size: Int) {
        if (size > 0) charsPerElement[key] = text.length / size
    }

    /** Whether to guess cuts for this element type: until a guess has failed for it once. */
    fun guesses(key: Any): Boolean = key !in guessMisses

    /** Records that guessed cuts failed for this element type where exact cuts succeeded. */
    fun rememberGuessMiss(key: Any) {
        guessMisses += key
    }

    /** The slices of [text], or null when it cannot or need not be sliced (no cut found, broken outline). */
    fun slices(text: String, guess: Boolean): SlicePlan? {
        val content = ArrayOutline.content(text) ?: return null
        val slices = taskCount(content.last + 1L - content.first)
        if (guess) {
            val cuts = GuessedCuts.guess(text, content, slices)
            return if (cuts.isEmpty()) null else SlicePlan(text, content, cuts, guessed = true)
        }
        val exact = ArrayOutline.exactCuts(text, content, slices) ?: return null
        if (exact.cuts.isEmpty()) return null
        return SlicePlan(text, content, exact.cuts, guessed = false, exact.elementsBefore, exact.total)
    }

    /**
     * How many chunks or slices to divide [chars] of JSON into: at least [chunksPerThread] per thread, so that
     * uneven tasks even out, and more for big inputs, so that no task grows buffers of many megabytes.
     */
    private fun taskCount(chars: Long): Int =
        maxOf(parallelism.toLong() * chunksPerThread, chars / TARGET_TASK_CHARS).coerceAtMost(MAX_TASKS.toLong()).toInt()

    private companion object {
        const val TARGET_TASK_CHARS = 256 * 1024
        const val MAX_TASKS = 4096
    }
}
