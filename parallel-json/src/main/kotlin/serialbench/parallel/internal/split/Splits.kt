package serialbench.parallel.internal.split

/**
 * What the planner chose for a list or map long enough to split (`minParallelChars` or more, on more than one
 * thread): the public `ParallelJsonSplits` says each in full, one count for each of these.
 */
internal enum class Split {
    ENCODED_IN_CHUNKS,
    ENCODED_WHOLE,
    DECODED_IN_SLICES,
    DECODED_WHOLE,
}

/** How often an instance split a list or map, or read it whole by choice, by [Split]. Thread safe. */
internal class Splits : Counts<Split>(Split.entries.size)
