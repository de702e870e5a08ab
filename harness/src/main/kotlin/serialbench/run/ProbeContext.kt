package serialbench.run

import serialbench.codec.Codec
import serialbench.data.Shape
import serialbench.input.InputDocument
import serialbench.measure.CodecBenchmark
import serialbench.measure.GzipSizes
import serialbench.measure.PhaseClock
import java.io.File

/**
 * What a JVM that measures hands each [Probe]: the run's [config], [shapes] and [input] file, its [codecs] (made
 * when a probe first asks, after every probe's [Probe.beforeCodecs], and closed by the JVM after every probe), the
 * [benchmark] that times the codecs' own calls (with the progress lines and the phases of the run's [clock]), where
 * large files go ([scratch]) and the [log].
 */
internal class ProbeContext(
    val config: BenchConfig,
    val shapes: List<Shape<*>>,
    private val makeCodecs: Lazy<List<Codec>>,
    val input: InputDocument?,
    val benchmark: CodecBenchmark,
    val clock: PhaseClock,
    val scratch: File,
    val log: (String) -> Unit,
    /** A fork: its codec's first fork measures its cold start at this cell (shape and size), later ones none. */
    val coldStartCell: Pair<String, Int>? = null,
    /** Whether this JVM is a fork (started for one codec), not the run's own. */
    val inFork: Boolean = false,
    /** The run's gzip sizes by payload, which [benchmark] uses too: each distinct payload is compressed once. */
    val gzipSizes: GzipSizes = GzipSizes(),
    /** Called by a probe between two of its sizes: a fork times its reference workload there ([ForkOutput]). */
    val betweenSizes: () -> Unit = {},
) {
    /** The run's codecs, made on first use: never before [Probe.beforeCodecs]. */
    val codecs: List<Codec> by makeCodecs

    /**
     * A benchmark of the run's method apart from [benchmark], for a probe whose series are neither counted in the
     * progress lines nor split into the run's phases by series (the I/O paths, the ceiling, the document set).
     */
    fun quietBenchmark(): CodecBenchmark = CodecBenchmark(
        config.repetitions,
        config.warmup,
        config.warmupMillis,
        gzipSizes = gzipSizes,
        minRepetitionMicros = config.minRepetitionMicros,
        gcPhase = benchmark.gcPhase,
    )
}
