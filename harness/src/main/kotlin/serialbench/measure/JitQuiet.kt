package serialbench.measure

/**
 * Whether the JIT compilers have gone quiet during a warm-up: no compilation finished within the last [quietNanos]
 * of its calls, by [readMillis] (the compilers' total time, [JitMeter]) read after each call ([observe]), and the
 * JVM's own threads busy less than half of that time, by [readBusyNanos] ([JvmThreadsCpu], read at most every
 * [BUSY_READ_NANOS]): a compilation under way, which the compilers' total time counts only once it has finished.
 * Before the first change it sees, the compilers count as quiet, and the JVM's threads until it has read them over
 * half of [quietNanos]; where the JVM does not count either, that one always. A series timed while the JIT still
 * compiles measures code being replaced under it: its calls get faster part way (a drift), or, where a hot method
 * waits for its compilation after a deoptimization, all run interpreted and steady, several times as slow; and, on
 * two cores, a parallel codec's threads share them with the compiler.
 */
class JitQuiet(
    private val quietNanos: Long,
    private val readMillis: () -> Long? = JitMeter::readMillis,
    private val readBusyNanos: () -> Long? = JvmThreadsCpu::readNanos,
) {
    private var lastMillis = readMillis()
    private var changedAtNanos = 0L
    private var changed = false

    /** The JVM's threads' CPU time as read, with when: the reads of the last [quietNanos] and the one before them. */
    private val busyReads = ArrayDeque<Pair<Long, Long>>()

    /** Reads the compilers' time, and now and then the JVM's threads', after a call that ended at [nowNanos]. */
    fun observe(nowNanos: Long) {
        readMillis()?.let { millis ->
            if (millis != lastMillis) {
                lastMillis = millis
                changedAtNanos = nowNanos
                changed = true
            }
        }
        if (busyReads.isEmpty() || nowNanos - busyReads.last().first >= BUSY_READ_NANOS) {
            readBusyNanos()?.let { busyReads.addLast(nowNanos to it) }
            while (busyReads.size > 2 && nowNanos - busyReads[1].first >= quietNanos) busyReads.removeFirst()
        }
    }

    /**
     * Whether no compilation finished within [quietNanos] before [nowNanos], and the JVM's own threads used less
     * than half of the time its reads span.
     */
    fun quiet(nowNanos: Long): Boolean = (!changed || nowNanos - changedAtNanos >= quietNanos) && threadsQuiet()

    private fun threadsQuiet(): Boolean {
        if (busyReads.size < 2) return true
        val (fromNanos, fromBusy) = busyReads.first()
        val (toNanos, toBusy) = busyReads.last()
        val spanNanos = toNanos - fromNanos
        return spanNanos * 2 < quietNanos || (toBusy - fromBusy) * 2 < spanNanos
    }

    companion object {
        /** The JVM's threads are read at most this often: a read asks every thread for its time. */
        const val BUSY_READ_NANOS = 10_000_000L
    }
}
