package serialbench.results

import kotlinx.serialization.Serializable

/**
 * How a run was made, recorded with its results so that a report renders from the file alone (JMH's
 * `BenchmarkParams` in spirit): what was warmed up and how long, how series were judged steady, how many JVMs
 * measured each codec and with which flags, which shapes at which sizes.
 */
@Serializable
data class RunMethod(
    /** Timed repetitions per codec, shape, operation and size; with forks, of all forks (each timed its share). */
    val repetitions: Int,
    /** Discarded calls before each series: at least [warmupMillis] of them, then this many in all... */
    val warmupCalls: Int,
    /** ... after at least this long. */
    val warmupMillis: Long,
    /** Each codec's first warm-up, per shape, before its first size. */
    val codecWarmUpMillis: Long,
    /** Elements per list in that first warm-up (capped by the shape's largest size). */
    val codecWarmUpSize: Int,
    /** A series whose median sped up this much from its first half to its second was still warming up. */
    val steadyDriftPercent: Double,
    /** Such series are discarded and measured again at most this many times. */
    val maxRepeatedSeries: Int,
    /** Two-sided confidence level of every Error column. */
    val confidenceLevel: Double,
    /** JVMs per codec; 0 means every codec was measured in the one JVM that ran the benchmark. */
    val forks: Int,
    /** Flags of the JVMs that measured (the forks', or the benchmark JVM's when [forks] is 0). */
    val jvmFlags: List<String>,
    /** Where [jvmFlags] come from (`bench.jvmArgs`, or why the harness chose them); empty in older files. */
    val jvmFlagsOrigin: String = "",
    /** Elements in each cold-start measurement, and the flags of the JVM that made it. */
    val coldStartSize: Int,
    val coldStartJvmFlags: List<String>,
    val seed: Long,
    /** Threads of the parallel codecs. */
    val threads: Int,
    /** The codec every ratio is taken against. */
    val baseline: String,
    val shapes: List<ShapeInfo>,
    /** Multithreaded codecs and the single-threaded engine each is compared with. */
    val parallelPairs: List<CodecPair>,
    /**
     * With two forks or more, each row's error is over its fork means (Student's t, forks - 1 degrees of freedom);
     * `false` in files from before, whose errors are over the pooled repetitions of all forks.
     */
    val errorOverForkMeans: Boolean = false,
    /**
     * Whether a series measured again after one was discarded had a warm-up of its own (`true` in files from
     * before); `false`: it followed the discarded series, which was its warm-up, after a full GC.
     */
    val warmUpBeforeRepeatedSeries: Boolean = true,
    /**
     * Whether a warm-up past [warmupMillis] ended before [warmupCalls] calls once its last two calls were no more than
     * [steadyDriftPercent] faster than the fastest before them; `false` in files from before, where it always made
     * them all.
     */
    val warmUpEndsWhenSteady: Boolean = false,
    /**
     * Whether only the first series of each codec, shape, operation and code in a JVM had the least warm-up of
     * [warmupMillis], a later one (the same code at another size) ending its warm-up once steady; `false` in files
     * from before, where every series had it.
     */
    val warmupMillisOncePerCode: Boolean = false,
    /**
     * Whether such a later warm-up also ended once [warmupMillis] had passed since its first call (two calls where
     * one is that long); `false` in files from before, where it made calls until steady.
     */
    val laterWarmUpWithinMillis: Boolean = false,
    /**
     * Whether that bound counted from the start of the first call where that call was like the next ones (a list's
     * serialization: one call where it is that long), from its end only where it also checked its result; `false`
     * in files from before, where it counted from the first call's end always.
     */
    val laterWarmUpFromPlainCallStart: Boolean = false,
    /**
     * A warm-up that would end went on until the JIT compilers had finished no compilation for this long, for at
     * most [maxJitWaitMillis] more; 0 in files from before, whose warm-ups did not wait for the JIT.
     */
    val jitQuietMillis: Long = 0,
    /** The longest a warm-up waited for the JIT to go quiet ([jitQuietMillis]); 0 in files from before. */
    val maxJitWaitMillis: Long = 0,
    /**
     * The longest a warm-up of a document (`bench.input`, a `bench.model` document, the document set) waited for the
     * JIT; 0 in files from before, where it waited at most [maxJitWaitMillis] as every series did.
     */
    val documentMaxJitWaitMillis: Long = 0,
    /**
     * Whether a series still getting faster dropped its first half and went on from its second with as many calls
     * again; `false` in files from before, where it was discarded whole and measured again.
     */
    val driftDropsHalfSeries: Boolean = false,
    /**
     * A timed repetition's least length: calls shorter than it were timed several in a row, their mean one
     * repetition ([ResultRow.callsPerRepetition]); 0 (and in files from before) for one call per repetition.
     */
    val minRepetitionMicros: Int = 0,
    /**
     * A document's timed repetition's least length (`bench.input`, a `bench.model` document, the document set); 0 in
     * files from before, where it was [minRepetitionMicros] as for every series.
     */
    val documentMinRepetitionMicros: Int = 0,
    /**
     * Whether the forks ran in rounds (the first fork of every codec, then the second, ...); `false` in files from
     * before, where each codec's forks ran one after the other, then the next codec's.
     */
    val forksInRounds: Boolean = false,
    /**
     * A series drifting [steadyDriftPercent] or more was still warming up only where a one-sided rank test found its
     * second half faster with a p-value below this; 0 in files from before, where the medians alone decided.
     */
    val driftAlpha: Double = 0.0,
    /**
     * Whether each codec's first warm-up ran half its time on each shape's smallest size and half on
     * [codecWarmUpSize], and stood for the least warm-up of both operations' code (a series of that code then warmed
     * up until steady, at its first size too); `false` in files from before, where it ran on [codecWarmUpSize] only
     * and each code's first series warmed up for at least [warmupMillis].
     */
    val codecWarmUpCompilesSmallest: Boolean = false,
    /**
     * Whether a drifting series went on only where the JIT also compiled during its first half, a drift without
     * compilation being kept as the machine's noise; `false` in files from before, where the drift alone decided.
     */
    val driftNeedsCompilation: Boolean = false,
    /**
     * How many times at most a series was made again because the JIT compiled through its timed calls (the
     * repetitions of `compilingRepeats`); 0 in files from before that rule, which kept every such series.
     */
    val maxCompilingRepeats: Int = 0,
    /**
     * Whether, in forks, garbage filled the young generation after each warm-up's full GC up to a random place in its
     * cycle (`GcPhase`), so that a collection fell within the timed calls as often as their allocation says; `false`
     * in files from before, where every series began with an empty young generation.
     */
    val timedCallsAtRandomYoungCycle: Boolean = false,
)

/**
 * A shape as the run measured it; [file] describes the user's file when the shape is `bench.input`'s in tree mode,
 * [model] the user's own type (`bench.model`) and its file.
 */
@Serializable
data class ShapeInfo(
    val id: String,
    val description: String,
    val sizes: List<Int>,
    val file: FileOutline? = null,
    val model: ModelInfo? = null,
)

/** The user's own type (`bench.model`) as a run measured it. */
@Serializable
data class ModelInfo(
    /** The fully qualified class name. */
    val className: String,
    /** The file of its data (`bench.input`). */
    val file: FileOutline,
    /** `bench.classpath`'s entries, as given. */
    val classpath: List<String>,
    /** The codec whose decode of the file every codec is measured on and compared with. */
    val referenceCodec: String,
    /** Per codec id of the run that carries the type, how it binds it (module, adapter, registration). */
    val bindings: Map<String, String> = emptyMap(),
    /**
     * The file is one document (its top level an object) and every codec measured the document itself, not a list
     * of one; false in files from before, which measured a list of one.
     */
    val measuredAsDocument: Boolean = false,
)

/** A multithreaded codec and its single-threaded engine. */
@Serializable
data class CodecPair(val multi: String, val single: String) {
    companion object {
        /** The pairs of every run from before runs recorded them. */
        val LEGACY: List<CodecPair> =
            listOf(CodecPair("kotlinx-json-parallel", "kotlinx-json"), CodecPair("fastjson2-parallel", "fastjson2"))
    }
}

/** A codec that cannot carry a shape, and why: shown as "not supported" in the report, never as a gap. */
@Serializable
data class UnsupportedCell(
    val codec: String,
    val codecName: String,
    val shape: String,
    val reason: String,
    /** A decoder from a stream that cannot decode the shape (`bench.streaming`); `null` for the codec itself. */
    val decoder: String? = null,
    /** An I/O path the codec cannot take on the shape (`bench.io`); `null` for the codec itself. */
    val io: IoPath? = null,
)
