package serialbench.parallel.internal

import java.util.concurrent.atomic.LongAdder

/**
 * Why a split call read part or all of its input again: the public `ParallelJsonFallback` of the same name says
 * each in full (that enum lists these, in this order).
 */
internal enum class Fallback {
    GUESSED_CUTS_MISSED,
    SLICES_FAILED,
    ENGINE_READ_WHOLE,
    DOCUMENT_FAILED,
    SERIALIZER_NOT_FOLLOWED,
    MARKER_IN_TEXT,
    LENIENT_TEXT,
}

/** How often an instance fell back, by [Fallback]. Thread safe. */
internal class Fallbacks {
    private val counts = Array(Fallback.entries.size) { LongAdder() }

    fun count(reason: Fallback) = counts[reason.ordinal].increment()

    /** The count of each reason so far, by its name. */
    fun snapshot(): Map<String, Long> = Fallback.entries.associate { it.name to counts[it.ordinal].sum() }
}
