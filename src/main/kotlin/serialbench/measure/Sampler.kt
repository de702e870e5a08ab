package serialbench.measure

/**
 * Times repetitions of one operation: warm-up first (at least [warmup] calls and [warmupMillis] of calls,
 * discarded), then [repetitions] timed calls, each result handed to a [Blackhole]. Allocation and GC are read
 * once before and once after the timed calls, so reading them costs the timed calls nothing.
 */
class Sampler(
    private val repetitions: Int,
    private val warmup: Int,
    private val warmupMillis: Long,
    private val blackhole: Blackhole = Blackhole(),
    private val allocation: AllocationMeter = AllocationMeter(),
) {
    init {
        require(repetitions >= 1) { "repetitions < 1: $repetitions" }
        require(warmup >= 0) { "warmup < 0: $warmup" }
        require(warmupMillis >= 0) { "warmupMillis < 0: $warmupMillis" }
    }

    /** Runs [operation]; [onRepetition] hears of each finished timed repetition (1-based) and the total. */
    fun sample(onRepetition: (done: Int, total: Int) -> Unit = { _, _ -> }, operation: () -> Any?): Samples {
        val warmupEndNanos = System.nanoTime() + warmupMillis * 1_000_000
        var warmed = 0
        while (warmed < warmup || System.nanoTime() - warmupEndNanos < 0) {
            blackhole.consume(operation())
            warmed++
        }
        val durations = LongArray(repetitions)
        val allocatedBefore = allocation.snapshot()
        val gcBefore = GcMeter.read()
        for (i in 0 until repetitions) {
            val start = System.nanoTime()
            val result = operation()
            durations[i] = System.nanoTime() - start
            blackhole.consume(result)
            onRepetition(i + 1, repetitions)
        }
        val gc = GcMeter.read() - gcBefore
        return Samples(durations, allocation.allocatedSince(allocatedBefore), gc)
    }
}
