package serialbench.measure

/**
 * Times repetitions of one operation: warm-up first (at least [warmup] calls and [warmupMillis] of calls,
 * discarded), then [repetitions] timed calls, each result handed to a [Blackhole].
 */
class Sampler(
    private val repetitions: Int,
    private val warmup: Int,
    private val warmupMillis: Long,
    private val blackhole: Blackhole = Blackhole(),
) {
    init {
        require(repetitions >= 1) { "repetitions < 1: $repetitions" }
        require(warmup >= 0) { "warmup < 0: $warmup" }
        require(warmupMillis >= 0) { "warmupMillis < 0: $warmupMillis" }
    }

    /** Returns the duration of each timed call in nanoseconds, in call order. */
    fun sample(operation: () -> Any?): LongArray {
        val warmupEndNanos = System.nanoTime() + warmupMillis * 1_000_000
        var warmed = 0
        while (warmed < warmup || System.nanoTime() < warmupEndNanos) {
            blackhole.consume(operation())
            warmed++
        }
        val samples = LongArray(repetitions)
        for (i in 0 until repetitions) {
            val start = System.nanoTime()
            val result = operation()
            samples[i] = System.nanoTime() - start
            blackhole.consume(result)
        }
        return samples
    }
}
