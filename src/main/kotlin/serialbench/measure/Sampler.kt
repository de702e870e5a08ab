package serialbench.measure

/**
 * Times repetitions of one operation: warm-up first (at least [warmup] calls and [warmupMillis] of calls,
 * discarded), then a full GC so the warm-up's garbage is not collected during the timed calls, then
 * [repetitions] timed calls, each result handed to a [Blackhole]. Allocation and GC are read once before and
 * once after the timed calls, so reading them costs the timed calls nothing.
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

    /**
     * Runs [operation]. [listener] is called between timed calls, outside their timing; whatever it allocates
     * (a progress line every few seconds) is counted with the operation's allocation.
     */
    fun sample(listener: RepetitionListener = RepetitionListener.NONE, operation: () -> Any?): Samples {
        val warmupEndNanos = System.nanoTime() + warmupMillis * 1_000_000
        var warmed = 0
        while (warmed < warmup || System.nanoTime() - warmupEndNanos < 0) {
            blackhole.consume(operation())
            warmed++
        }
        System.gc()
        val durations = LongArray(repetitions)
        val allocatedBefore = allocation.snapshot()
        val gcBefore = GcMeter.read()
        for (i in 0 until repetitions) {
            val start = System.nanoTime()
            val result = operation()
            durations[i] = System.nanoTime() - start
            blackhole.consume(result)
            listener.repetition(i + 1, repetitions)
        }
        val gc = GcMeter.read() - gcBefore
        return Samples(durations, allocation.allocatedSince(allocatedBefore), gc)
    }
}
