package serialbench.measure

import serialbench.codec.SplitCount
import serialbench.results.RunPhase
import serialbench.statistics.Drift
import serialbench.statistics.Statistics

/**
 * Times repetitions of one operation: warm-up first (with [leastWarmUp], at least [warmupMillis] of calls; without,
 * at most [warmupMillis] past its first call; up to [warmup] calls in all, fewer once the calls are steady
 * ([SteadyCalls]); longer while the JIT compiles ([JitQuiet]); discarded), then a full GC so the warm-up's garbage
 * is not collected during the timed calls, then, given a [gcPhase], garbage up to a random place in the young
 * generation's cycle ([GcPhase.begin], for as much as the timed calls will allocate there by the warm-up's), then
 * [repetitions] timed repetitions, each result handed to a
 * [Blackhole]. A repetition is one call, or, for calls shorter than [minRepetitionNanos], as many calls in a row
 * as last that long by the warm-up's last calls ([callsPerRepetition]), timed together: its time is their mean (JMH
 * times its iterations so). A pause of a millisecond then weighs on many calls' mean, not on one call of
 * microseconds. Allocation, GC and JIT compilation are read before the timed calls, before the second half of them
 * ([Samples.cut]) and after them, between calls, so reading them costs the timed calls nothing. A series still
 * getting faster goes on from its second half ([steady]); one the JIT compiled through is made again
 * ([againWhileCompiling]). Given a [clock], the warm-up's calls count as
 * [RunPhase.SERIES_WARM_UP], those made while it waits for the JIT as [RunPhase.JIT_WAIT], its full GC as
 * [RunPhase.FULL_GCS], the garbage before the timed calls as [RunPhase.YOUNG_CYCLE_FILLS] and the timed calls as
 * [RunPhase.TIMED_CALLS].
 */
class Sampler(
    private val repetitions: Int,
    private val warmup: Int,
    private val warmupMillis: Long,
    private val blackhole: Blackhole = Blackhole(),
    /** A timed repetition's least length: shorter calls are timed several at a time. 0: one call per repetition. */
    private val minRepetitionNanos: Long = 0,
    private val allocation: AllocationMeter = AllocationMeter(),
    private val clock: PhaseClock? = null,
    /** The warm-up's clock (a test's own); the timed calls always read [System.nanoTime]. */
    private val warmUpNanoTime: () -> Long = System::nanoTime,
    /** The JIT compilers' total time in milliseconds, which the warm-up waits to stop growing ([JitQuiet]). */
    private val jitMillis: () -> Long? = JitMeter::readMillis,
    /** The JVM's own threads' CPU time, which the warm-up waits to go quiet too ([JitQuiet]). */
    private val jvmThreadsNanos: () -> Long? = JvmThreadsCpu::readNanos,
    /** The longest a warm-up that would end waits for the JIT to go quiet, unless a series is given its own. */
    private val maxJitWaitMillis: Long = warmupMillis * CodecBenchmark.JIT_WAIT_FACTOR,
    /** Where the timed calls begin in the young generation's cycle; `null`: just after the full GC. */
    private val gcPhase: GcPhase? = null,
    /** The full GC that ends each warm-up; a test's own. */
    private val fullGc: () -> Unit = System::gc,
) {
    init {
        require(repetitions >= 1) { "repetitions < 1: $repetitions" }
        require(warmup >= 0) { "warmup < 0: $warmup" }
        require(warmupMillis >= 0) { "warmupMillis < 0: $warmupMillis" }
        require(minRepetitionNanos >= 0) { "minRepetitionNanos < 0: $minRepetitionNanos" }
        require(maxJitWaitMillis >= 0) { "maxJitWaitMillis < 0: $maxJitWaitMillis" }
    }

    /** The timed calls a slide drops from the front of a drifting series: its first half, the middle call with them. */
    private val cut = (repetitions + 1) / 2

    /**
     * A series of [operation]: warmed up, timed, and gone on from its second half while it drifts ([steady]).
     * [listener] is called between timed calls, outside their timing; whatever it allocates (a progress line every
     * few seconds) is counted with the operation's allocation. With [leastWarmUp] (the first series of its code in
     * this JVM) the warm-up lasts at least [warmupMillis]; without it (the same code at another size) it ends as soon
     * as its calls are steady, or once [warmupMillis] have passed since its first call ended (which checked the
     * decode, or a document's text), two calls of a long one; since it began where that call was like the next ones
     * ([firstCallPlain]: a list's serialization, which only kept its payload), one. [onDrift] hears of each drifting
     * series before it goes on.
     * [splits], for a codec that splits, reads its split choices for [operation], which the timed calls'
     * [Samples.splits] then count. Its warm-up waits for the JIT at most [jitWaitMillis]; its repetitions last at
     * least [repetitionNanos].
     */
    fun series(
        listener: RepetitionListener = RepetitionListener.NONE,
        leastWarmUp: Boolean = true,
        onDrift: (Drift) -> Unit = {},
        splits: (() -> SplitCount)? = null,
        jitWaitMillis: Long = maxJitWaitMillis,
        onCompiling: (jitMillis: Long) -> Unit = {},
        repetitionNanos: Long = minRepetitionNanos,
        firstCallPlain: Boolean = false,
        operation: () -> Any?,
    ): Series = againWhileCompiling(leastWarmUp, onCompiling) { least ->
        val warmedUp = warmUp(least, jitWaitMillis, firstCallPlain, null, operation)
        val calls = callsPerRepetition(warmedUp.callNanos, repetitionNanos)
        beginInGcCycle(warmedUp, calls)
        steady(listener, onDrift, null, splits, calls, operation)
    }

    /**
     * A series of [operation] as [series] makes it (with the least warm-up), that also records, per timed call, the
     * time from its start to the moment it [Mark]s ([Samples.markNanos]): two figures from the same calls. A call
     * that does not mark fails.
     */
    fun seriesMarked(
        listener: RepetitionListener = RepetitionListener.NONE,
        onDrift: (Drift) -> Unit = {},
        onCompiling: (jitMillis: Long) -> Unit = {},
        operation: (Mark) -> Any?,
    ): Series {
        val mark = Mark()
        val call = { operation(mark) }
        return againWhileCompiling(leastWarmUp = true, onCompiling) { least ->
            beginInGcCycle(warmUp(least, maxJitWaitMillis, firstCallPlain = false, mark, call), calls = 1)
            steady(listener, onDrift, mark, null, calls = 1, call)
        }
    }

    /**
     * The series [measure] makes (its warm-up, with the least length where [leastWarmUp], and its timed calls), made
     * again while the JIT compiled through its timed calls ([CompiledThrough]), at most
     * [CodecBenchmark.MAX_COMPILING_REPEATS] times, each time after a warm-up of code that ran already (until steady,
     * then waiting for the JIT to go quiet): the compiler held a core the calls would have had, and on two cores it is
     * the one a parallel codec's second thread needs, so that JVM timed a slower machine than its siblings. The last
     * series is kept whatever its compiling; [onCompiling] hears of each series made again, whose timed calls count
     * as [RunPhase.REPEATED_SERIES].
     */
    private inline fun againWhileCompiling(
        leastWarmUp: Boolean,
        onCompiling: (jitMillis: Long) -> Unit,
        measure: (least: Boolean) -> Series,
    ): Series {
        var series = measure(leastWarmUp)
        var again = 0
        while (again < CodecBenchmark.MAX_COMPILING_REPEATS) {
            val samples = series.samples
            val timedNanos = samples.durationsNanos.sum() * samples.callsPerRepetition
            val jitMillis = samples.jitMillis
            if (jitMillis == null || !CompiledThrough.of(jitMillis, timedNanos)) break
            onCompiling(jitMillis)
            clock?.split(RunPhase.TIMED_CALLS, mapOf(RunPhase.REPEATED_SERIES to timedNanos))
            series = measure(false)
            again++
        }
        return if (again == 0) series else Series(series.samples, series.stats, series.halvesDropped, again)
    }

    /**
     * The timed calls of a series, then, while its second half ran [CodecBenchmark.STEADY_DRIFT_PERCENT] or more
     * faster than its first (by median), a rank test says so too ([Drift.warmingUp], one-sided p below
     * [CodecBenchmark.DRIFT_ALPHA]) and the JIT compiled during its first half ([Samples.firstHalfJitMillis]; where
     * the JVM does not count compilation, the drift alone decides), at most [CodecBenchmark.MAX_REPEATS] times: the
     * series slid on. A drift without compilation is the machine's noise (a slower spell of a shared host), not
     * warm-up: going on would only pick the faster of two spells. A slide
     * drops the first half ([cut] calls, the middle one with them: still warm-up), keeps the second half and times as
     * many calls as were dropped right after it, with no warm-up or GC between: the calls of one series in a row,
     * half a series later. Its allocation, collections and compilation are those of its own calls (read at the
     * cut); the dropped calls' time counts as [RunPhase.REPEATED_SERIES]. Each repetition makes [calls] calls.
     */
    private inline fun steady(
        listener: RepetitionListener,
        onDrift: (Drift) -> Unit,
        mark: Mark?,
        noinline splits: (() -> SplitCount)?,
        calls: Int,
        noinline operation: () -> Any?,
    ): Series {
        var samples = timed(null, listener, mark, splits, calls, operation)
        var slides = 0
        while (slides < CodecBenchmark.MAX_REPEATS) {
            val drift = drifting(samples.durationsNanos) ?: break
            if (samples.firstHalfJitMillis == 0L) break
            val from = samples.cut ?: break
            onDrift(drift)
            val dropped = samples.durationsNanos.take(cut).sum() * calls
            samples = timed(samples to from, listener, mark, splits, calls, operation)
            clock?.split(RunPhase.TIMED_CALLS, mapOf(RunPhase.REPEATED_SERIES to dropped))
            slides++
        }
        return Series(samples, Statistics.of(samples.durationsNanos), slides)
    }

    /**
     * Moves the young generation's cycle to a random place ([gcPhase]) for the timed calls of [repetitions] of [calls]
     * calls each, each allocating as [warmedUp]'s calls did; counted as [RunPhase.YOUNG_CYCLE_FILLS].
     */
    private fun beginInGcCycle(warmedUp: WarmedUp, calls: Int) {
        val phase = gcPhase ?: return
        val (from, to) = warmedUp.young ?: return
        val around = clock?.switchTo(RunPhase.YOUNG_CYCLE_FILLS)
        phase.begin(from, to, warmedUp.youngCalls, repetitions.toLong() * calls)
        around?.let { clock.switchTo(it) }
    }

    /**
     * What a warm-up found: the faster of its last two calls' time ([callNanos], -1 where none was made), and the young
     * generation before and after its [youngCalls] calls after the first (the first one alone where it made one),
     * `null` without a [gcPhase], or where the JVM does not tell.
     */
    private class WarmedUp(
        val callNanos: Long,
        val young: Pair<GcPhase.Reading, GcPhase.Reading>? = null,
        val youngCalls: Int = 0,
    )

    /** The drift of [durations] where it says they were still getting faster, else `null`. */
    private fun drifting(durations: LongArray): Drift? = Drift.of(durations)
        ?.takeIf { it.warmingUp(CodecBenchmark.STEADY_DRIFT_PERCENT, CodecBenchmark.DRIFT_ALPHA) }

    /**
     * How many calls a repetition makes, from the time of one call ([callNanos], -1 where none was made): enough to
     * last [repetitionNanos], at most [MAX_CALLS_PER_REPETITION]; one where the calls are that long already.
     */
    private fun callsPerRepetition(callNanos: Long, repetitionNanos: Long): Int = when {
        repetitionNanos == 0L || callNanos < 0 || callNanos >= repetitionNanos -> 1

        else -> ((repetitionNanos + callNanos - 1) / maxOf(callNanos, 1)).coerceAtMost(MAX_CALLS_PER_REPETITION)
            .toInt()
    }

    /**
     * The timed repetitions, of [calls] calls each: all [repetitions] of them, or after [kept]'s second half (its
     * samples and their meters at its cut) the repetitions that complete it. With [mark] (one call per repetition),
     * each call's time to its mark too; with [splits], the split choices of the calls kept.
     */
    private fun timed(
        kept: Pair<Samples, Meters>?,
        listener: RepetitionListener,
        mark: Mark?,
        splits: (() -> SplitCount)?,
        calls: Int,
        operation: () -> Any?,
    ): Samples {
        check(mark == null || calls == 1) { "a marked operation is timed one call per repetition, not $calls" }
        val around = clock?.switchTo(RunPhase.TIMED_CALLS)
        val durations = LongArray(repetitions)
        val marks = mark?.let { LongArray(repetitions) }
        val first = kept?.let { (samples, _) ->
            samples.durationsNanos.copyInto(durations, 0, cut, repetitions)
            if (marks != null) requireNotNull(samples.markNanos).copyInto(marks, 0, cut, repetitions)
            repetitions - cut
        } ?: 0
        val before = kept?.second ?: Meters.read(allocation, splits, jitMillis)
        var atCut: Meters? = null
        for (i in first until repetitions) {
            if (i == cut) atCut = Meters.read(allocation, splits, jitMillis)
            mark?.reset()
            val start = System.nanoTime()
            val result = repetition(calls, operation)
            val end = System.nanoTime()
            durations[i] = (end - start + calls / 2) / calls
            if (mark != null && marks != null) {
                check(mark.marked) { "the operation did not mark its moment in timed call ${i + 1}" }
                marks[i] = mark.nanos - start
            }
            blackhole.consume(result)
            listener.repetition(i + 1, repetitions)
        }
        val after = Meters.read(allocation, splits, jitMillis)
        around?.let { clock.switchTo(it) }
        return Samples(
            durations,
            before.allocatedUntil(after),
            after.gc - before.gc,
            marks,
            before.jitMillisUntil(after),
            atCut,
            before.splitsUntil(after),
            calls = repetitions.toLong() * calls,
            firstHalfJitMillis = atCut?.let { before.jitMillisUntil(it) },
        )
    }

    /**
     * Up to [warmup] calls, fewer once they are steady, discarded; then a full GC. With [least], at least
     * [warmupMillis] of calls first: calls of microseconds are warmed up by that time, not by their count. Without
     * (code compiled at another size), at most [warmupMillis] past the first call's end, or its start where it was
     * [firstCallPlain]: a call of 100,000 objects warmed up at the sizes before it needs a call or two, not ten (the
     * first serialization was within 5% of the next in every fork measured; the first deserialization, which checks
     * its result, 17-82% slower), and a series still warming up slides on ([steady]).
     * Either way it then goes on while the JIT still compiles ([JitQuiet], [CodecBenchmark.JIT_QUIET_MILLIS]), for
     * at most [jitWaitMillis] more.
     */
    private fun warmUp(
        least: Boolean,
        jitWaitMillis: Long,
        firstCallPlain: Boolean,
        mark: Mark?,
        operation: () -> Any?,
    ): WarmedUp {
        val around = clock?.switchTo(RunPhase.SERIES_WARM_UP)
        val youngAtStart = gcPhase?.reading()
        var youngAfterFirst: GcPhase.Reading? = null
        val warmupNanos = warmupMillis * 1_000_000
        val leastEndNanos = if (least) warmUpNanoTime() + warmupNanos else warmUpNanoTime()
        var budgetEndNanos = 0L
        val steady = SteadyCalls(CodecBenchmark.STEADY_DRIFT_PERCENT)
        val jit = JitQuiet(CodecBenchmark.JIT_QUIET_MILLIS * 1_000_000, jitMillis, jvmThreadsNanos)
        var jitWaitEndNanos: Long? = null
        var warmed = 0
        var lastNanos = -1L
        var fastestOfLastTwo = -1L
        while (true) {
            val startNanos = warmUpNanoTime()
            val warm = (startNanos - leastEndNanos >= 0 && (warmed >= warmup || steady.steady)) ||
                (!least && warmed > 0 && startNanos - budgetEndNanos >= 0)
            if (warm) {
                if (jit.quiet(startNanos)) break
                val waitEnd = jitWaitEndNanos ?: (startNanos + jitWaitMillis * 1_000_000)
                if (startNanos - waitEnd >= 0) break
                if (jitWaitEndNanos == null) clock?.switchTo(RunPhase.JIT_WAIT)
                jitWaitEndNanos = waitEnd
            }
            mark?.reset()
            blackhole.consume(repetition(1, operation))
            val endNanos = warmUpNanoTime()
            jit.observe(endNanos)
            if (warmed == 0 && !least) budgetEndNanos = (if (firstCallPlain) startNanos else endNanos) + warmupNanos
            val nanos = endNanos - startNanos
            steady.add(nanos)
            fastestOfLastTwo = if (lastNanos < 0) nanos else minOf(lastNanos, nanos)
            lastNanos = nanos
            warmed++
            if (warmed == 1 && youngAtStart != null) youngAfterFirst = gcPhase.reading()
        }
        val youngAtEnd = if (warmed > 1) gcPhase?.reading() else null
        clock?.switchTo(RunPhase.FULL_GCS)
        fullGc()
        around?.let { clock.switchTo(it) }
        val first = youngAtStart?.let { start -> youngAfterFirst?.let { start to it } }
        return when {
            first == null -> WarmedUp(fastestOfLastTwo)
            youngAtEnd == null -> WarmedUp(fastestOfLastTwo, first, 1)
            else -> WarmedUp(fastestOfLastTwo, first.second to youngAtEnd, warmed - 1)
        }
    }

    /**
     * One repetition: [calls] calls of [operation] in a row, each result but the last handed to the [blackhole], the
     * last returned. Not inlined into a series: the warm-up's calls run this same code, one call each, so the JIT
     * compiles it while they run and not in the timed calls; and what it compiles does not take in each series'
     * operation. A series whose loop held the operation inlined had that method compiled again for each new
     * operation, in its timed calls where a repetition made many calls: 350-375 ms of a compiler thread each, which
     * on two cores took the second one from a parallel codec's split (docs/measurements, 2026-12-06, documents of many
     * sizes, section 6).
     */
    private fun repetition(calls: Int, operation: () -> Any?): Any? {
        var result = operation()
        for (more in 1 until calls) {
            blackhole.consume(result)
            result = operation()
        }
        return result
    }

    companion object {
        /** The most calls one repetition makes, however short they are. */
        const val MAX_CALLS_PER_REPETITION = 100_000L
    }
}

/**
 * A series kept: its [samples] and their [stats], the half series it dropped for drift ([halvesDropped]) and the
 * series made before it and dropped because the JIT compiled through their timed calls ([compilingRepeats]).
 */
class Series(val samples: Samples, val stats: Statistics, val halvesDropped: Int, val compilingRepeats: Int = 0)
