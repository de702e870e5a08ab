package serialbench.measure

import serialbench.results.Stability
import serialbench.statistics.Statistics
import java.lang.management.ManagementFactory

/**
 * A fixed reference workload, timed at the start and at the end of a run to show how steady the machine was
 * ([Stability]): FNV-1a over [BYTES] fixed bytes, [PASSES] times, the hash consumed by a blackhole. It touches no
 * codec, allocates nothing while timed and depends on no input, so a change in its time is the machine's, once the
 * JVM's own threads are left out: a reading during which they took time from the workload's core ([jvmThreadsNanos]:
 * the collector's threads after a large document) is made again after a pause ([busyReadings]).
 */
class ReferenceWorkload(
    private val blackhole: Blackhole = Blackhole(),
    /** The CPU time of the JVM's own threads ([JvmThreadsCpu]); a test's own. */
    private val jvmThreadsNanos: () -> Long? = JvmThreadsCpu::readNanos,
    /** The CPU time of the thread running the workload; a test's own. */
    private val ownNanos: () -> Long? = ::currentThreadCpuNanos,
    /** The cores the JVM may run on: the workload holds one, the JVM's own threads may use the others. */
    private val cores: Int = Runtime.getRuntime().availableProcessors(),
    /** How a reading made again waits for those threads first; a test's own. */
    private val pause: (millis: Long) -> Unit = Thread::sleep,
) {
    private val data = ByteArray(BYTES) { (it * 31 + 7).toByte() }

    /** Runs of the workload so far, warm-up and timed. */
    var runs: Int = 0
        private set

    /** Readings made again because the JVM's own threads took time from the workload's core during them. */
    var busyReadings: Int = 0
        private set

    /** One run of the workload: the hash, which every run returns alike. */
    fun hash(): Int {
        runs++
        var hash = FNV_OFFSET
        repeat(PASSES) { pass ->
            hash = hash xor pass
            for (byte in data) hash = (hash xor byte.toInt()) * FNV_PRIME
        }
        return hash
    }

    /**
     * The median time of [REPETITIONS] runs, after [WARM_UP] untimed ones the first time: a fork reads it six times,
     * and the first warm-up compiled what the later readings run. Where the JVM's own threads used more CPU than
     * the cores beside the workload's own give, and the workload's thread ran less than [OWN_SHARE] of the reading,
     * those threads took time from its core, not the machine's other work: it waits [BUSY_PAUSE_MILLIS] and reads
     * again, at most [MAX_READINGS] readings in all, and gives the last one. At the end of `fastjson2`'s forks on the
     * document set, the collector's threads used about 1.5 cores for some 50 ms and made the workload 2.75 times as
     * slow as at the fork's start; one core's worth of them after that left it alone
     * (docs/measurements/2026-12-06-reference-while-the-collector-works.md).
     */
    fun medianNanos(): Double {
        if (runs == 0) repeat(WARM_UP) { blackhole.consume(hash()) }
        var readings = 1
        while (true) {
            val busyBefore = jvmThreadsNanos()
            val ownBefore = ownNanos()
            val startNanos = System.nanoTime()
            val median = timedMedian()
            val wallNanos = System.nanoTime() - startNanos
            val ranNanos = ownBefore?.let { before -> ownNanos()?.let { it - before } }
            val busyNanos = busyBefore?.let { before -> jvmThreadsNanos()?.let { it - before } }
            val tookItsCore = busyNanos != null && busyNanos > (cores - 1) * wallNanos &&
                ranNanos != null && ranNanos < OWN_SHARE * wallNanos
            if (!tookItsCore || readings == MAX_READINGS) return median
            busyReadings++
            readings++
            pause(BUSY_PAUSE_MILLIS)
        }
    }

    private fun timedMedian(): Double {
        val durations = LongArray(REPETITIONS)
        for (i in durations.indices) {
            val start = System.nanoTime()
            val hash = hash()
            durations[i] = System.nanoTime() - start
            blackhole.consume(hash)
        }
        return Statistics.quantile(durations.sortedArray(), 0.5)
    }

    companion object {
        const val BYTES = 64 * 1024
        const val PASSES = 32
        const val WARM_UP = 20
        const val REPETITIONS = 11
        const val DESCRIPTION = "FNV-1a over 64 KiB of fixed bytes, 32 passes"

        /** The most readings one [medianNanos] makes while the JVM's own threads stay busy. */
        const val MAX_READINGS = 4

        /** The pause before a reading made again: twice the longest burst of the collector's threads seen. */
        const val BUSY_PAUSE_MILLIS = 100L

        /**
         * The share of a reading's wall time below which the workload's thread was kept from its core. The JVM's own
         * threads' time, read from the process's CPU time in ticks of 10 ms, can seem to exceed the other cores' by a
         * tick; the thread's own time, counted by the scheduler, tells whether it lost anything.
         */
        const val OWN_SHARE = 0.9

        private val threads = ManagementFactory.getThreadMXBean()

        /** The current thread's CPU time, or `null` where the JVM does not count it. */
        private fun currentThreadCpuNanos(): Long? =
            threads.takeIf { it.isCurrentThreadCpuTimeSupported }?.currentThreadCpuTime?.takeIf { it >= 0 }

        private const val FNV_OFFSET = -0x7ee3623b // 0x811C9DC5
        private const val FNV_PRIME = 0x01000193

        /** [Stability] from the medians taken at the start and at the end of a run. */
        fun stability(startNanos: Double, endNanos: Double) = Stability(DESCRIPTION, REPETITIONS, startNanos, endNanos)
    }
}
