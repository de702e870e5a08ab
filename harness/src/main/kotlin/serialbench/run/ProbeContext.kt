package serialbench.run

import serialbench.codec.Codec
import serialbench.data.Shape
import serialbench.input.InputDocument
import serialbench.measure.CodecBenchmark
import java.io.File

/**
 * What a JVM that measures hands each [Probe]: the run's [config], [shapes] and [input] file, the [codecs] it
 * created (closed by the JVM after every probe), the [benchmark] that times the codecs' own calls (with the
 * progress lines and the phases of the run's clock), where large files go ([scratch]) and the [log].
 */
internal class ProbeContext(
    val config: BenchConfig,
    val shapes: List<Shape<*>>,
    val codecs: List<Codec>,
    val input: InputDocument?,
    val benchmark: CodecBenchmark,
    val scratch: File,
    val log: (String) -> Unit,
    /** Called by a probe between two of its sizes: a fork times its reference workload there ([ForkOutput]). */
    val betweenSizes: () -> Unit = {},
)
