package serialbench.run

import serialbench.codecs.Codecs
import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.config.Option
import serialbench.config.OptionGroup
import serialbench.config.OptionValues
import serialbench.data.Shape
import serialbench.data.ShapeSettings
import serialbench.documentset.DocumentSet
import serialbench.documentset.SetDocument
import serialbench.model.ModelShapes
import serialbench.results.BenchmarkResults
import serialbench.results.IoPath
import serialbench.shapes.Shapes
import java.io.File
import serialbench.run.BenchOptions as O

/**
 * What a benchmark run does: the [values] of its options ([OPTIONS]: [BenchOptions], the shapes' own and
 * `bench.jvmArgs`), read from `bench.*` text ([from]) or set ([of]). Every value is checked when read, before
 * anything runs: a bad one (not a number, out of its bound, given twice in a list, an unknown id, an unreadable
 * previous results file) fails at once with the property, the value and what is allowed; so does a `bench.*`
 * property no feature knows ([BenchProperties]). The previous run, if named, is read then, once.
 *
 * The named properties below are views of [values] for the code that reads them; an option needs none
 * (`config[option]` reads any).
 */
class BenchConfig private constructor(val values: OptionValues) {
    /** `bench.sizes` for every shape; `null` for each shape's own default sizes, see [sizesOf]. */
    val requestedSizes: List<Int>? get() = this[O.SIZES]
    val repetitions: Int get() = this[O.REPETITIONS]
    val warmup: Int get() = this[O.WARMUP]
    val warmupMillis: Long get() = this[O.WARMUP_MILLIS]
    val minRepetitionMicros: Int get() = this[O.MIN_REPETITION_MICROS]
    val threads: Int get() = this[O.THREADS]
    val codecs: List<String> get() = this[O.CODECS]
    val seed: Long get() = this[O.SEED]

    /** A previous run's `benchmark-results.json` to compare this run with, if any. */
    val baselineResults: File? get() = this[O.BASELINE_RESULTS]?.file

    /** Smallest change, in percent of the previous mean, that the comparison with [baselineResults] flags. */
    val baselineThresholdPercent: Double get() = this[O.BASELINE_THRESHOLD]

    /** The run fails when a row is significantly slower than in [baselineResults] by more than this; `null` never. */
    val baselineFailOnPercent: Double? get() = this[O.BASELINE_FAIL_ON]

    /**
     * Shape ids to measure, in order: `bench.shapes`, then the user's type (`bench.model`) if named. With [input]
     * and no `bench.shapes`, no built-in shape: the file (or the user's type) is measured alone.
     */
    val shapes: List<String>
        get() = (if (input != null && !values.isGiven(O.SHAPES)) emptyList() else this[O.SHAPES]) +
            listOfNotNull(ModelShapes.idOf(shapeSettings))

    /** The user's class (`bench.model`), measured on [input]'s data instead of the file's tree; null for none. */
    val model: String? get() = this[O.MODEL]

    /** JVMs per codec: 0 measures every codec in this JVM, N >= 1 in N JVMs of its own each. */
    val forks: Int get() = this[O.FORKS]
    val robustnessCases: Int get() = this[O.ROBUSTNESS_CASES]
    val writeData: File? get() = this[O.WRITE_DATA]
    val input: File? get() = this[O.INPUT]
    val streaming: Boolean get() = this[O.STREAMING]
    val streamingMemorySize: Int get() = this[O.STREAMING_MEMORY_SIZE]
    val streamingMemoryHeap: String get() = this[O.STREAMING_MEMORY_HEAP]
    val io: List<IoPath> get() = this[O.IO]
    val ceiling: Boolean get() = this[O.CEILING]

    /** The documents of the set to time (`bench.documentSet`); empty for none. */
    val documentSet: List<SetDocument> get() = this[O.DOCUMENT_SET].map(DocumentSet::byId)

    /** `bench.jvmArgs`, the flags forks start with; `null` for this JVM's own. */
    val jvmArgs: String? get() = this[JvmOptions.JVM_ARGS]

    init {
        require(shapes.isNotEmpty() || input != null) { "no shapes and no ${O.INPUT}" }
        require(model == null || input != null) {
            "${O.MODEL}='$model' needs ${O.INPUT}, a JSON file of its data (an array of them, or one document)"
        }
        require(!values.isGiven(O.SIZES) || input == null || values.isGiven(O.SHAPES)) {
            "${O.SIZES}='${requestedSizes?.joinToString(",")}' has no effect: with ${O.INPUT} and no ${O.SHAPES}, " +
                "the file is measured alone, at its own size; allowed: ${O.SIZES} with ${O.SHAPES} (the built-in " +
                "shapes measured beside the file at those sizes), or leave it out"
        }
        require(!values.isGiven(O.CLASSPATH) || model != null) {
            "${O.CLASSPATH} has no effect without ${O.MODEL}, the class it holds; allowed: both, or neither"
        }
        val idleShapeOption = Shapes.all.flatMap { shape -> shape.options.map { it to shape.id } }
            .firstOrNull { (option, shape) -> values.isGiven(option) && shape !in shapes }
        require(idleShapeOption == null) {
            val (option, shape) = idleShapeOption!!
            val measured = shapes.joinToString(",").ifEmpty { "none: with ${O.INPUT} and no ${O.SHAPES}, the file" }
            "$option='${asProperties()[option.name]}' has no effect: it is an option of the shape $shape, which is " +
                "not among the shapes measured ($measured); allowed: $option with $shape in ${O.SHAPES}, " +
                "or leave it out"
        }
        require(documentSet.isEmpty() || codecs.any { it in DocumentSetProbe.CODECS }) {
            "${O.DOCUMENT_SET}='${this[O.DOCUMENT_SET].joinToString(",")}' has no effect: " +
                "${O.CODECS}=${codecs.joinToString(",")} holds none of the codecs the set times, each parallel " +
                "codec and its engine (${DocumentSetProbe.CODECS.joinToString(", ")}); allowed: " +
                "${O.DOCUMENT_SET} with one of them in ${O.CODECS}, or leave it out"
        }
        require(!ceiling || codecs.any { it in CeilingProbe.ENGINES }) {
            "${O.CEILING}='true' has no effect: ${O.CODECS}=${codecs.joinToString(",")} holds none of the codecs " +
                "it times, the engines a parallel codec drives (${CeilingProbe.ENGINES.joinToString(", ")}); " +
                "allowed: ${O.CEILING} with one of them in ${O.CODECS}, or leave it out"
        }
        require(!ceiling || shapes.isNotEmpty()) {
            "${O.CEILING}='true' has no effect: with ${O.INPUT} and no ${O.SHAPES}, the file is measured alone " +
                "and the ceiling times the engines on the shapes' lists only; allowed: ${O.CEILING} with " +
                "${O.SHAPES} or ${O.MODEL}, or leave it out"
        }
        this[O.BASELINE]?.let { id ->
            require(id in codecs) {
                val known = if (id in Codecs.ids) "is not among ${O.CODECS}=${codecs.joinToString(",")}" else null
                "${O.BASELINE}='$id' ${known ?: "is not a codec id"}; allowed: one of ${codecs.joinToString(", ")}"
            }
        }
        require(baselineFailOnPercent == null || baselineResults != null) {
            "${O.BASELINE_FAIL_ON} without ${O.BASELINE_RESULTS}"
        }
        require(!values.isGiven(O.BASELINE_THRESHOLD) || baselineResults != null) {
            "${O.BASELINE_THRESHOLD}='${given(O.BASELINE_THRESHOLD)}' has no effect without ${O.BASELINE_RESULTS}, " +
                "the previous run it compares with; allowed: both, or leave it out"
        }
        val idleStreaming = listOf(O.STREAMING_MEMORY_SIZE, O.STREAMING_MEMORY_HEAP).firstOrNull(values::isGiven)
        require(idleStreaming == null || streaming) {
            "$idleStreaming='${given(idleStreaming!!)}' has no effect without ${O.STREAMING}=true, whose decoders " +
                "it bounds; allowed: $idleStreaming with ${O.STREAMING}=true, or leave it out"
        }
        require(!values.isGiven(O.STREAMING_MEMORY_HEAP) || streamingMemorySize > 0) {
            "${O.STREAMING_MEMORY_HEAP}='${given(O.STREAMING_MEMORY_HEAP)}' has no effect with " +
                "${O.STREAMING_MEMORY_SIZE}=0, which reads no list in a bounded heap; allowed: a size above 0, or " +
                "leave it out"
        }
        require(!values.isGiven(O.WRITE_DATA) || shapes.isNotEmpty()) {
            "${O.WRITE_DATA}='${given(O.WRITE_DATA)}' has no effect: with ${O.INPUT} and no ${O.SHAPES}, no data is " +
                "generated (the file is measured as it is); allowed: ${O.WRITE_DATA} with ${O.SHAPES}, or leave it out"
        }
    }

    /** The text given for [option], as it was read. */
    private fun given(option: Option<*>): String? = values.asProperties()[option.name]

    /** The value of [option] in this run. */
    operator fun <T> get(option: Option<T>): T = values[option]

    /** What ratios are taken against: `bench.baseline`, else `kotlinx-json` if it runs, else the first codec. */
    val baseline: String
        get() = this[O.BASELINE] ?: if (KotlinxJsonCodec.ID in codecs) KotlinxJsonCodec.ID else codecs.first()

    /** The sizes measured for [shape]: `bench.sizes` if given, else the shape's own defaults. */
    fun sizesOf(shape: Shape<*>): List<Int> = requestedSizes ?: shape.defaultSizes

    /** What the shapes are made with: the values of their own options. */
    val shapeSettings: ShapeSettings get() = values.only(Shapes.settingOptions)

    /** The shapes of [shapes], made with [shapeSettings]. */
    val shapeList: List<Shape<*>> get() = shapes.map { Shapes.byId(it, shapeSettings) }

    /** The previous run named by `bench.baseline.results`, read when this configuration was. */
    fun previousResults(): BenchmarkResults? = this[O.BASELINE_RESULTS]?.results

    /** This configuration with [option] set to [value], checked as [of] checks. */
    fun <T> with(option: Option<T>, value: T): BenchConfig = BenchConfig(values.with(option, value))

    /**
     * This configuration with [options] back at their defaults, checked once, as [of] checks: a part of a run that
     * measures less than the run (the JMH cross-check) leaves out the options of the rest, each of which alone could
     * be refused as having no effect there.
     */
    fun without(options: Collection<Option<*>>): BenchConfig =
        BenchConfig(options.fold(values) { left, option -> left.without(option) })

    /** The `bench.*` values given (not the defaults), as text [from] reads back: what a fork is started with. */
    fun asProperties(): Map<String, String> = values.asProperties()

    /**
     * Every option of the run with its value in force, given or default (`none` left out), the shapes and the
     * baseline as this run takes them: the report's header.
     */
    fun inForce(): Map<String, String> = values.inForce(OPTIONS) - O.SHAPES.name + (O.BASELINE.name to baseline) +
        (if (shapes.isEmpty()) emptyMap() else mapOf(O.SHAPES.name to shapes.joinToString(",")))

    override fun equals(other: Any?): Boolean = other is BenchConfig && other.values == values

    override fun hashCode(): Int = values.hashCode()

    override fun toString(): String = "BenchConfig${asProperties()}"

    companion object {
        /** Every option a benchmark run reads. */
        val OPTIONS: List<Option<*>> get() = O.options + Shapes.options + JvmOptions.JVM_ARGS

        // The names the forks' code ([Forks]) leaves out of a fork's properties or sets there.
        val CODECS: String get() = O.CODECS.name
        val FORKS: String get() = O.FORKS.name
        val REPETITIONS: String get() = O.REPETITIONS.name
        val BASELINE: String get() = O.BASELINE.name
        val BASELINE_RESULTS: String get() = O.BASELINE_RESULTS.name
        val BASELINE_THRESHOLD: String get() = O.BASELINE_THRESHOLD.name
        val BASELINE_FAIL_ON: String get() = O.BASELINE_FAIL_ON.name
        val DOCUMENT_SET: String get() = O.DOCUMENT_SET.name
        val CEILING: String get() = O.CEILING.name

        /** A configuration with the [values] given, the others at their defaults. */
        fun of(values: OptionValues = OptionValues.NONE): BenchConfig = BenchConfig(values)

        /**
         * The configuration of this JVM's `-Dbench.*` properties; a `bench.*` name that neither the harness nor [more]
         * (the groups of the module that runs) declares is refused.
         */
        fun fromSystemProperties(more: List<OptionGroup> = emptyList()): BenchConfig =
            from(BenchProperties.ofThisJvmChecked(more))

        /** The configuration of [properties] (name to text), as a fork or the program's command line gives them. */
        fun from(properties: Map<String, String>): BenchConfig = from(properties::get)

        /** Reads the configuration from [property]; unset (or blank) properties take their defaults. */
        fun from(property: (String) -> String?): BenchConfig {
            val values = OptionValues.read(OPTIONS, property)
            require(!values.isGiven(O.BASELINE_FAIL_ON) || values.isGiven(O.BASELINE_RESULTS)) {
                val raw = property(O.BASELINE_FAIL_ON.name)?.trim()
                "${O.BASELINE_FAIL_ON}='$raw' needs ${O.BASELINE_RESULTS}, the previous run's benchmark-results.json " +
                    "to compare with; allowed: only together with ${O.BASELINE_RESULTS}"
            }
            return BenchConfig(values)
        }
    }
}
