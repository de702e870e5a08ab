package serialbench.measure

import serialbench.results.Stability
import serialbench.statistics.Statistics
import java.lang.management.ManagementFactory

/**
 * A fixed reference workload ([kernel]), timed at the start and at the end of a run to show how steady the machine was
 * ([Stability]), and in each fork: the same code on the same data every time, its result consumed by a blackhole. It
 * touches no codec, allocates nothing while timed and depends on no input, so a change in its time is the machine's,
 * once the JVM's own threads are left out: a reading during which they took time from the workload's core
 * ([jvmThreadsNanos]: the collector's threads after a large document) is made again after a pause ([busyReadings]).
 */
class ReferenceWorkload(
    /** What it runs: the run's reference ([Kernel.HASH]) or the walk that a busy neighbour on its core slows. */
    val kernel: Kernel = Kernel.HASH,
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
    /**
     * The code a reading times, each the same work on the same data every time. [HASH] is a chain of multiplications,
     * which another program on the same core (a neighbour on the other hardware thread of a shared host) hardly
     * slows; [TABLE_WALK] is data-dependent loads and branches, as a codec's parsing is, which such a neighbour does:
     * on the 2-core machine of docs/measurements (2026-12-06, evening), the walk's time moved between 0.84 and 1.65 ms
     * in spells of seconds while the hash's, timed between its runs in the same thread, stayed within 10%.
     */
    enum class Kernel(val description: String) {
        HASH("FNV-1a over 64 KiB of fixed bytes, 32 passes"),
        TABLE_WALK("100,000 data-dependent loads and branches over a fixed table of 256 KiB"),
        ;

        /** One run: the same result every time. */
        fun run(): Int = when (this) {
            HASH -> hash(hashBytes)
            TABLE_WALK -> walk(walkTable)
        }
    }

    /** Runs of the workload so far, warm-up and timed. */
    var runs: Int = 0
        private set

    /** Readings made again because the JVM's own threads took time from the workload's core during them. */
    var busyReadings: Int = 0
        private set

    /** One run of the workload: its result, which every run returns alike. */
    fun hash(): Int {
        runs++
        return kernel.run()
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

    /** [Stability] from this workload's medians taken at the start and at the end of a run. */
    fun stability(startNanos: Double, endNanos: Double) =
        Stability(kernel.description, REPETITIONS, startNanos, endNanos)

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

        /** The walk's table: 64 Ki ints, larger than a core's first-level cache, within its second. */
        private const val TABLE_INTS = 64 * 1024
        private const val WALK_STEPS = 100_000
        private const val TABLE_SEED = 0x2545F491
        private const val LCG_MULTIPLIER = 1_103_515_245
        private const val LCG_INCREMENT = 12_345

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

        private val hashBytes = ByteArray(BYTES) { (it * 31 + 7).toByte() }

        private val walkTable = IntArray(TABLE_INTS).also { table ->
            var seed = TABLE_SEED
            for (i in table.indices) {
                seed = seed * LCG_MULTIPLIER + LCG_INCREMENT
                table[i] = seed xor (seed ushr 16)
            }
        }

        private fun hash(data: ByteArray): Int {
            var hash = FNV_OFFSET
            repeat(PASSES) { pass ->
                hash = hash xor pass
                for (byte in data) hash = (hash xor byte.toInt()) * FNV_PRIME
            }
            return hash
        }

        private fun walk(table: IntArray): Int {
            var index = 0
            var sum = 0
            repeat(WALK_STEPS) {
                val value = table[index]
                sum = when {
                    value and 1 == 0 -> sum + value
                    value and 2 == 0 -> sum xor value
                    else -> sum - (value shr 3)
                }
                index = (value xor sum) and (table.size - 1)
            }
            return sum
        }
    }
}
