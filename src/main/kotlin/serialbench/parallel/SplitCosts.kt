package serialbench.parallel

import java.util.concurrent.ConcurrentHashMap

/**
 * What splitting costs and saves on this machine, measured as the layer runs: the engine's time per character,
 * per element type (key) and direction, from every call; and the overhead of a split call, from every split
 * call: its wall time beyond the engine's time shared perfectly among the threads (handing tasks to the pool,
 * waking a thread, waiting for the last task, copies; and a pool starved of CPU by other processes).
 * Averages move a quarter of the way to each new measurement; concurrent updates may lose one, which only
 * slows the averaging. Thread safe.
 */
internal class SplitCosts {
    /** Nanoseconds per character, by key and direction (one entry per element type and direction). */
    private val nanosPerChar = ConcurrentHashMap<Pair<Any, Direction>, Average>()

    /** Nanoseconds a split call takes beyond its engine time divided among its threads. */
    private val overhead = Average(INITIAL_OVERHEAD_NANOS)

    enum class Direction { ENCODE, DECODE }

    val overheadNanos: Double get() = overhead.value

    /** The engine's time for [chars] characters of this key and direction: measured, or a fast engine's until then. */
    fun engineNanos(key: Any, direction: Direction, chars: Long): Double =
        chars * (nanosPerChar[key to direction]?.value ?: INITIAL_NANOS_PER_CHAR)

    fun recordEngine(key: Any, direction: Direction, chars: Long, nanos: Long) {
        if (chars <= 0 || nanos <= 0) return
        val measured = nanos.toDouble() / chars
        nanosPerChar.computeIfAbsent(key to direction) { Average(measured) }.add(measured)
    }

    /** A split call took [wallNanos] for [engineNanos] of engine time spread over [threads] threads. */
    fun recordSplit(wallNanos: Long, engineNanos: Long, threads: Int) {
        overhead.add(maxOf(0.0, wallNanos - engineNanos.toDouble() / threads))
    }

    private class Average(initial: Double) {
        @Volatile var value: Double = initial
            private set

        fun add(measured: Double) {
            value += (measured - value) * WEIGHT
        }
    }

    private companion object {
        const val WEIGHT = 0.25

        /** Until measured, the engine is assumed fast (fastjson2 decodes about 1 ns per character here): splits less. */
        const val INITIAL_NANOS_PER_CHAR = 1.0

        /** Until measured, a split call is assumed to wake a parked thread and wait for it (tens of us on a VM). */
        const val INITIAL_OVERHEAD_NANOS = 50_000.0
    }
}
