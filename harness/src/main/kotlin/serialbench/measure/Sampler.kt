package serialbench.measure

import serialbench.results.RunPhase

/**
 * Times repetitions of one operation: warm-up first (at least [warmupMillis] of calls, then up to [warmup] calls in
 * all, fewer once the calls are steady ([SteadyCalls]); discarded), then a full GC so the warm-up's garbage is not
 * collected during the timed calls, then [repetitions] timed calls, each result handed to a [Blackhole]. Allocation,
 * GC and JIT compilation are read once before and once after the timed calls, so reading them costs the timed calls
 * nothing. Given a [clock], the warm-up counts as [RunPhase.SERIES_WARM_UP] and the timed calls as
 * [RunPhase.TIMED_CALLS].
 */
class Sampler(
    private val repetitions: Int,
    private val warmup: Int,
    private val warmupMillis: Long,
    private val blackhole: Blackhole = Blackhole(),
    private val allocation: AllocationMeter = AllocationMeter(),
    private val clock: PhaseClock? = null,
    /** The warm-up's clock (a test's own); the timed calls always read [System.nanoTime]. */
    private val warmUpNanoTime: () -> Long = System::nanoTime,
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
        warmUp(warmUp, operation)
        val around = clock?.switchTo(RunPhase.TIMED_CALLS)
        val durations = LongArray(repetitions)
        val allocatedBefore = allocation.snapshot()
        val gcBefore = GcMeter.read()
        val jitBefore = JitMeter.readMillis()
        for (i in 0 until repetitions) {
            val start = System.nanoTime()
            val result = operation()
            durations[i] = System.nanoTime() - start
            blackhole.consume(result)
            listener.repetition(i + 1, repetitions)
        }
        val gc = GcMeter.read() - gcBefore
        val jit = jitSince(jitBefore)
        around?.let { clock?.switchTo(it) }
        return Samples(durations, allocation.allocatedSince(allocatedBefore), gc, jitMillis = jit)
    }

    /**
     * Runs [operation] as [sample] does, and also records, per timed call, the time from its start to the moment
     * it [Mark]s ([Samples.markNanos]): two figures from the same calls. A call that does not mark fails.
     */
    fun sampleMarked(listener: RepetitionListener = RepetitionListener.NONE, operation: (Mark) -> Any?): Samples {
        val mark = Mark()
        warmUp(calls = true) {
            mark.reset()
            operation(mark)
        }
        val around = clock?.switchTo(RunPhase.TIMED_CALLS)
        val durations = LongArray(repetitions)
        val marks = LongArray(repetitions)
        val allocatedBefore = allocation.snapshot()
        val gcBefore = GcMeter.read()
        val jitBefore = JitMeter.readMillis()
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
        val jit = jitSince(jitBefore)
        around?.let { clock?.switchTo(it) }
        return Samples(durations, allocation.allocatedSince(allocatedBefore), gc, marks, jit)
    }

    private fun jitSince(before: Long?): Long? = before?.let { JitMeter.readMillis()?.minus(it) }

    /**
     * At least [warmupMillis] of calls, then up to [warmup] calls in all, fewer once they are steady ([calls]: none),
     * discarded; then a full GC. A call of 100,000 objects warmed up at the sizes before it needs a few calls, not
     * ten; calls of microseconds are warmed up by [warmupMillis], not by their count.
     */
    private inline fun warmUp(calls: Boolean, operation: () -> Any?) {
        val around = clock?.switchTo(RunPhase.SERIES_WARM_UP)
        if (calls) {
            val warmupEndNanos = warmUpNanoTime() + warmupMillis * 1_000_000
            val steady = SteadyCalls(CodecBenchmark.STEADY_DRIFT_PERCENT)
            var warmed = 0
            while (true) {
                val startNanos = warmUpNanoTime()
                if (startNanos - warmupEndNanos >= 0 && (warmed >= warmup || steady.steady)) break
                blackhole.consume(operation())
                steady.add(warmUpNanoTime() - startNanos)
                warmed++
            }
        }
        System.gc()
        around?.let { clock?.switchTo(it) }
    }
}
