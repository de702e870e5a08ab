package serialbench.measure

import serialbench.codec.SplitCount
import serialbench.results.RunPhase
import serialbench.statistics.Statistics

/**
 * Times repetitions of one operation: warm-up first (with [leastWarmUp], at least [warmupMillis] of calls; then up
 * to [warmup] calls in all, fewer once the calls are steady ([SteadyCalls]); discarded), then a full GC so the
 * warm-up's garbage is not collected during the timed calls, then [repetitions] timed calls, each result handed to a
 * [Blackhole]. Allocation, GC and JIT compilation are read before the timed calls, before the second half of them
 * ([Samples.cut]) and after them, between calls, so reading them costs the timed calls nothing. A series still
 * getting faster goes on from its second half ([steady]). Given a [clock], the warm-up counts as
 * [RunPhase.SERIES_WARM_UP] and the timed calls as [RunPhase.TIMED_CALLS].
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

    /** The timed calls a slide drops from the front of a drifting series: its first half, the middle call with them. */
    private val cut = (repetitions + 1) / 2

    /**
     * A series of [operation]: warmed up, timed, and gone on from its second half while it drifts ([steady]).
     * [listener] is called between timed calls, outside their timing; whatever it allocates (a progress line every
     * few seconds) is counted with the operation's allocation. With [leastWarmUp] (the first series of its code in
     * this JVM) the warm-up lasts at least [warmupMillis]; without it (the same code at another size) it ends as soon
     * as its calls are steady. [onDrift] hears of each drifting series before it goes on. [splits], for a codec that
     * splits, reads its split choices for [operation], which the timed calls' [Samples.splits] then count.
     */
    fun series(
        listener: RepetitionListener = RepetitionListener.NONE,
        leastWarmUp: Boolean = true,
        onDrift: (Statistics) -> Unit = {},
        splits: (() -> SplitCount)? = null,
        operation: () -> Any?,
    ): Series {
        warmUp(if (leastWarmUp) warmupMillis else 0) { operation() }
        return steady(listener, onDrift, null, splits) { _ -> operation() }
    }

    /**
     * A series of [operation] as [series] makes it (with the least warm-up), that also records, per timed call, the
     * time from its start to the moment it [Mark]s ([Samples.markNanos]): two figures from the same calls. A call
     * that does not mark fails.
     */
    fun seriesMarked(
        listener: RepetitionListener = RepetitionListener.NONE,
        onDrift: (Statistics) -> Unit = {},
        operation: (Mark) -> Any?,
    ): Series {
        val mark = Mark()
        warmUp(warmupMillis) {
            mark.reset()
            operation(mark)
        }
        return steady(listener, onDrift, mark, null) { operation(mark) }
    }

    /**
     * The timed calls of a series, then, while its second half ran [CodecBenchmark.STEADY_DRIFT_PERCENT] or more
     * faster than its first (by median), at most [CodecBenchmark.MAX_REPEATS] times: the series slid on. A slide
     * drops the first half ([cut] calls, the middle one with them: still warm-up), keeps the second half and times as
     * many calls as were dropped right after it, with no warm-up or GC between: the calls of one series in a row,
     * half a series later. Its allocation, collections and compilation are those of its own calls (read at the
     * cut); the dropped calls' time counts as [RunPhase.REPEATED_SERIES].
     */
    private inline fun steady(
        listener: RepetitionListener,
        onDrift: (Statistics) -> Unit,
        mark: Mark?,
        noinline splits: (() -> SplitCount)?,
        operation: (Mark?) -> Any?,
    ): Series {
        var samples = timed(null, listener, mark, splits, operation)
        var stats = Statistics.of(samples.durationsNanos)
        var slides = 0
        while (slides < CodecBenchmark.MAX_REPEATS && drifts(stats)) {
            val from = samples.cut ?: break
            onDrift(stats)
            val dropped = samples.durationsNanos.take(cut).sum()
            samples = timed(samples to from, listener, mark, splits, operation)
            clock?.split(RunPhase.TIMED_CALLS, mapOf(RunPhase.REPEATED_SERIES to dropped))
            stats = Statistics.of(samples.durationsNanos)
            slides++
        }
        return Series(samples, stats, slides)
    }

    private fun drifts(stats: Statistics) = (stats.driftPercent ?: 0.0) <= -CodecBenchmark.STEADY_DRIFT_PERCENT

    /**
     * The timed calls: all [repetitions] of them, or after [kept]'s second half (its samples and their meters at
     * its cut) the calls that complete it. With [mark], each call's time to its mark too; with [splits], the split
     * choices of the calls kept.
     */
    private inline fun timed(
        kept: Pair<Samples, Meters>?,
        listener: RepetitionListener,
        mark: Mark?,
        noinline splits: (() -> SplitCount)?,
        operation: (Mark?) -> Any?,
    ): Samples {
        val around = clock?.switchTo(RunPhase.TIMED_CALLS)
        val durations = LongArray(repetitions)
        val marks = mark?.let { LongArray(repetitions) }
        val first = kept?.let { (samples, _) ->
            samples.durationsNanos.copyInto(durations, 0, cut, repetitions)
            if (marks != null) requireNotNull(samples.markNanos).copyInto(marks, 0, cut, repetitions)
            repetitions - cut
        } ?: 0
        val before = kept?.second ?: Meters.read(allocation, splits)
        var atCut: Meters? = null
        for (i in first until repetitions) {
            if (i == cut) atCut = Meters.read(allocation, splits)
            mark?.reset()
            val start = System.nanoTime()
            val result = operation(mark)
            val end = System.nanoTime()
            durations[i] = end - start
            if (mark != null && marks != null) {
                check(mark.marked) { "the operation did not mark its moment in timed call ${i + 1}" }
                marks[i] = mark.nanos - start
            }
            blackhole.consume(result)
            listener.repetition(i + 1, repetitions)
        }
        val after = Meters.read(allocation, splits)
        around?.let { clock?.switchTo(it) }
        return Samples(
            durations,
            before.allocatedUntil(after),
            after.gc - before.gc,
            marks,
            before.jitMillisUntil(after),
            atCut,
            before.splitsUntil(after),
        )
    }

    /**
     * At least [leastMillis] of calls, then up to [warmup] calls in all, fewer once they are steady, discarded; then
     * a full GC. A call of 100,000 objects warmed up at the sizes before it needs a few calls, not ten; calls of
     * microseconds are warmed up by [leastMillis], not by their count.
     */
    private inline fun warmUp(leastMillis: Long, operation: () -> Any?) {
        val around = clock?.switchTo(RunPhase.SERIES_WARM_UP)
        val warmupEndNanos = warmUpNanoTime() + leastMillis * 1_000_000
        val steady = SteadyCalls(CodecBenchmark.STEADY_DRIFT_PERCENT)
        var warmed = 0
        while (true) {
            val startNanos = warmUpNanoTime()
            if (startNanos - warmupEndNanos >= 0 && (warmed >= warmup || steady.steady)) break
            blackhole.consume(operation())
            steady.add(warmUpNanoTime() - startNanos)
            warmed++
        }
        System.gc()
        around?.let { clock?.switchTo(it) }
    }
}

/** A series as it was kept: its [samples], their [stats], and how many first halves it dropped for drift. */
class Series(val samples: Samples, val stats: Statistics, val halvesDropped: Int)
