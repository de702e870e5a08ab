package serialbench.measure

import serialbench.results.RunPhase
import java.util.EnumMap

/**
 * Wall time by [RunPhase]: the clock always runs in one phase, [residual] unless a [time] block says otherwise, so
 * the phases add up to the time since the clock was made. Not thread-safe: one clock per measuring thread.
 */
class PhaseClock(residual: RunPhase, private val nanoTime: () -> Long = System::nanoTime) {
    private val totals = EnumMap<RunPhase, Long>(RunPhase::class.java)
    private var current = residual
    private var sinceNanos = nanoTime()

    /** Runs [block] in [phase]; the phase around it resumes afterwards. Inline: a timed loop stays as it is. */
    inline fun <R> time(phase: RunPhase, block: () -> R): R {
        val around = switchTo(phase)
        try {
            return block()
        } finally {
            switchTo(around)
        }
    }

    /** The time of each phase so far, the running one included; phases with none left out. */
    fun snapshot(): Map<RunPhase, Long> {
        switchTo(current)
        return totals.filterValues { it > 0 }
    }

    /**
     * Moves [split] out of [from]: the phases another JVM measured ([split]) within a time this clock spent in
     * [from] (a fork's wall time, of which what the fork did not see stays in [from]), or the timed calls a series
     * dropped ([RunPhase.REPEATED_SERIES] out of [RunPhase.TIMED_CALLS]). [split] may not hold more than [from] has.
     */
    fun split(from: RunPhase, split: Map<RunPhase, Long>) {
        switchTo(current)
        val available = totals[from] ?: 0
        val total = split.values.sum()
        require(total <= available) { "$from holds $available ns, less than the $total ns split out of it" }
        for ((phase, nanos) in split) move(from, phase, nanos)
    }

    private fun move(from: RunPhase, to: RunPhase, nanos: Long) {
        totals[from] = (totals[from] ?: 0) - nanos
        totals[to] = (totals[to] ?: 0) + nanos
    }

    /** Charges the time since the last switch to the running phase and runs [phase]; gives the phase it stopped. */
    @PublishedApi
    internal fun switchTo(phase: RunPhase): RunPhase {
        val now = nanoTime()
        totals[current] = (totals[current] ?: 0) + (now - sinceNanos)
        sinceNanos = now
        val previous = current
        current = phase
        return previous
    }
}
