package serialbench.measure

/**
 * Whether the calls of a warm-up have stopped getting faster: the last two calls, each no more than [percent] faster
 * than the fastest call before them. Needs three calls; a slow call (a collection) does not make it wait, a faster one
 * does.
 */
class SteadyCalls(private val percent: Double) {
    private var fastestBeforeNanos = Long.MAX_VALUE
    private var previousNanos = NONE
    private var lastNanos = NONE

    fun add(nanos: Long) {
        if (previousNanos != NONE) fastestBeforeNanos = minOf(fastestBeforeNanos, previousNanos)
        previousNanos = lastNanos
        lastNanos = nanos
    }

    val steady: Boolean
        get() = fastestBeforeNanos != Long.MAX_VALUE &&
            minOf(previousNanos, lastNanos) >= fastestBeforeNanos * (1 - percent / 100)

    private companion object {
        const val NONE = -1L
    }
}
