package serialbench.run

import serialbench.results.RunPhase

/**
 * One kind of measurement a JVM makes of its codecs: their first calls ([ColdStartProbe]), their calls on the
 * generated lists ([ListsProbe]), on the user's file in tree mode ([InputProbe]), over I/O paths ([IoProbe]),
 * decoding from a stream ([StreamingProbe]).
 *
 * Every JVM that measures (each fork, or the run's own with `bench.forks=0`) creates the probes of its run
 * ([Probes.DEFAULT], or a test's own), lets each make its first calls ([beforeCodecs]), warms each up, then has each
 * measure, in order; its rows come back tagged with the probe's [kind], are pooled over forks by one step
 * ([ForkPool.poolKinds]) and go to the results file's list the kind names. A new kind of measurement is one class
 * implementing this (and its factory), one entry in [Probes.DEFAULT] and, if its rows need a table of their own, a
 * report section.
 */
internal interface Probe : AutoCloseable {
    val kind: ProbeKind

    /** The run's phase its [measure] counts as; null when its calls split their own time (warm-ups, timed calls). */
    val phase: RunPhase? get() = null

    /** What must be its JVM's first calls, before [ProbeContext.codecs] exist (a cold start); none by default. */
    fun beforeCodecs() {}

    /** Untimed first calls of its codecs, before any probe of the JVM times anything; none by default. */
    fun warmUp() {}

    /** Times what it measures, after every probe's [warmUp]: its rows, and what it cannot measure. */
    fun measure(): ProbeRows

    /** Releases what it created (the codecs are the JVM's); nothing by default. */
    override fun close() {}

    /**
     * How a JVM creates the probe from its [ProbeContext]; null when the run does not ask for it. Neither this nor
     * the probe's constructor may ask for [ProbeContext.codecs]: a cold start comes first.
     */
    fun interface Factory {
        fun create(context: ProbeContext): Probe?
    }
}
