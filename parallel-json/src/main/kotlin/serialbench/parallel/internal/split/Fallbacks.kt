package serialbench.parallel.internal.split

/**
 * Why a split call read part or all of its input again: the public `ParallelJsonFallbacks` says each in full, one
 * count for each of these.
 */
internal enum class Fallback {
    GUESSED_CUTS_MISSED,
    GUESSED_END_MISSED,
    SLICES_FAILED,
    ENGINE_READ_WHOLE,
    DOCUMENT_FAILED,
    SERIALIZER_NOT_FOLLOWED,
    MARKER_IN_TEXT,
    LENIENT_TEXT,
    MAP_CHANGED,
}

/** How often an instance fell back, by [Fallback]. Thread safe. */
internal class Fallbacks : Counts<Fallback>(Fallback.entries.size)
