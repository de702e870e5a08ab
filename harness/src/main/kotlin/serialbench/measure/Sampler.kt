package serialbench.measure

import serialbench.results.RunPhase

/**
 * Times repetitions of one operation: warm-up first (at least [warmup] calls, then until the calls are steady or
 * [warmupMillis] of them have run, discarded), then a full GC so the warm-up's garbage is not collected during the
 * timed calls, then [repetitions] timed calls, each result handed to a [Blackhole]. Allocation and GC are read once before and
 * once after the timed calls, so reading them costs the timed calls nothing. Given a [clock], the warm-up counts as
 * [RunPhase.SERIES_WARM_UP] and the timed calls as [RunPhase.TIMED_CALLS].
 */
class Sampler(
    private val repetitions: Int,
    private val warmup: Int,
    private val warmupMillis: Long,
    private val blackhole: Blackhole = Blackhole(),
    private val allocation: AllocationMeter = AllocationMeter(),
    private val clock: PhaseClock? = null,
) {
    init {
        require(repetitions >= 1) { "repetitions < 1: $repetitions" }
        require(warmup >= 0) { "warmup < 0: $warmup" }
        require(warmupMillis >= 0) { "warmupMillis < 0: $warmupMillis" }
    }

    /**
     * Runs [operation]. [listener] is called between timed calls, outside their timing; whatever it allocates
     * (a progress line every few seconds) is counted with the operation's allocation. Without [warmUp] (a series
     * measured again right after one was discarded, which was its warm-up), only the full GC precedes the timed calls.
     */
    fun sample(
        listener: RepetitionListener = RepetitionListener.NONE,
        warmUp: Boolean = true,
        operation: () -> Any?,
    ): Samples {
        warmUp(operation, calls = warmUp)
        val around = clock?.switchTo(RunPhase.TIMED_CALLS)
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
        around?.let { clock?.switchTo(it) }
        return Samples(durations, allocation.allocatedSince(allocatedBefore), gc)
    }

    /**
     * Runs [operation] as [sample] does, and also records, per timed call, the time from its start to the moment
     * it [Mark]s ([Samples.markNanos]): two figures from the same calls. A call that does not mark fails.
     */
    fun sampleMarked(listener: RepetitionListener = RepetitionListener.NONE, operation: (Mark) -> Any?): Samples {
        val mark = Mark()
        warmUp({
            mark.reset()
            operation(mark)
        })
        val around = clock?.switchTo(RunPhase.TIMED_CALLS)
        val durations = LongArray(repetitions)
        val marks = LongArray(repetitions)
        val allocatedBefore = allocation.snapshot()
        val gcBefore = GcMeter.read()
        for (i in 0 until repetitions) {
            mark.reset()
            val start = System.nanoTime()
            val result = operation(mark)
            val end = System.nanoTime()
            check(mark.marked) { "the operation did not mark its moment in timed call ${i + 1}" }
            durations[i] = end - start
            marks[i] = mark.nanos - start
            blackhole.consume(result)
            listener.repetition(i + 1, repetitions)
        }
        val gc = GcMeter.read() - gcBefore
        around?.let { clock?.switchTo(it) }
        return Samples(durations, allocation.allocatedSince(allocatedBefore), gc, marks)
    }

    /**
     * The warm-up, discarded: [warmup] calls, then blocks of as many (one at least) until a block's median call is
     * less than [CodecBenchmark.STEADY_DRIFT_PERCENT] faster than the block before it (the calls are steady) or
     * [warmupMillis] of calls have run, whichever comes first; then a full GC. 0 calls and 0 ms make no call, nor
     * does a warm-up without [calls].
     */
    private inline fun warmUp(operation: () -> Any?, calls: Boolean = true) {
        val around = clock?.switchTo(RunPhase.SERIES_WARM_UP)
        if (calls) {
            val budgetEndNanos = System.nanoTime() + warmupMillis * 1_000_000
            val block = LongArray(maxOf(warmup, 1))
            var previousMedianNanos = if (warmup > 0) timedBlock(block, operation) else null
            while (System.nanoTime() - budgetEndNanos < 0) {
                val medianNanos = timedBlock(block, operation)
                val steadyNanos = previousMedianNanos?.let { it * (1 - CodecBenchmark.STEADY_DRIFT_PERCENT / 100) }
                if (steadyNanos != null && medianNanos > steadyNanos) break
                previousMedianNanos = medianNanos
            }
        }
        System.gc()
        around?.let { clock?.switchTo(it) }
    }

    /** Runs [operation] once per slot of [durations], timing each call; the median call's nanoseconds. */
    private inline fun timedBlock(durations: LongArray, operation: () -> Any?): Long {
        for (i in durations.indices) {
            val start = System.nanoTime()
            blackhole.consume(operation())
            durations[i] = System.nanoTime() - start
        }
        durations.sort()
        return durations[durations.size / 2]
    }
}
