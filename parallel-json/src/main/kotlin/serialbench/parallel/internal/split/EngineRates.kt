package serialbench.parallel.internal.split

/**
 * The engine's time per character for one element type and direction, learned apart where it runs [alone] (a whole
 * input on the calling thread, or a whole document whose parts were declined) and where it runs [inTasks] (a split
 * call's tasks, side by side): the two differ, and a split is worth only what its tasks take. A document's part
 * written in chunks of a map its engine writes as an untyped map took 1.7 ns a character in its tasks where the whole
 * document took 1.0 ns; learned as one rate from split calls alone, its whole writing seemed to take as long as its
 * tasks, and splitting it seemed always worth it (at 0.54-0.58x the engine alone in some JVMs). Until one of them is
 * measured, each stands in for the other. Thread safe.
 */
internal class EngineRates {
    /** The smallest of the last [ALONE_CALLS] rates alone: a pause or a cold start only makes a call slower. */
    private val aloneRates = DoubleArray(ALONE_CALLS) { Double.POSITIVE_INFINITY }
    private var nextAlone = 0

    @Volatile private var leastAlone = Double.NaN

    /** The rate in tasks, moving a quarter of the way to each new measurement. */
    @Volatile private var tasks = Double.NaN

    /**
     * Nanoseconds per character alone, at most as many as in tasks (where tasks run side by side, each pays its own
     * start: a rate alone above theirs is a whole call's from before the JIT compiled the engine, 74 ns a character
     * against 1.2 in one JVM, that no later whole call replaced); in tasks until measured alone; null until either is.
     */
    val alone: Double? get() = when {
        leastAlone.isNaN() -> tasks.takeUnless { it.isNaN() }
        tasks.isNaN() -> leastAlone
        else -> minOf(leastAlone, tasks)
    }

    /** Nanoseconds per character in a split call's tasks, or alone until measured in tasks; null until either is. */
    val inTasks: Double? get() = tasks.takeUnless { it.isNaN() } ?: leastAlone.takeUnless { it.isNaN() }

    @Synchronized
    fun recordAlone(nanosPerChar: Double) {
        aloneRates[nextAlone] = nanosPerChar
        nextAlone = (nextAlone + 1) % ALONE_CALLS
        leastAlone = aloneRates.min()
    }

    @Synchronized
    fun recordTasks(nanosPerChar: Double) {
        tasks = if (tasks.isNaN()) nanosPerChar else tasks + (nanosPerChar - tasks) * TASKS_WEIGHT
    }

    companion object {
        /** Whole calls whose rate is kept: the smallest counts. */
        const val ALONE_CALLS = 8

        private const val TASKS_WEIGHT = 0.25
    }
}
