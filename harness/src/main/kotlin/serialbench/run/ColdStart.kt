package serialbench.run

import serialbench.codec.CodecCheck
import serialbench.codec.ListCodec
import serialbench.codec.ShapeSupport
import serialbench.codec.listCodec
import serialbench.codecs.Codecs
import serialbench.config.OptionValues
import serialbench.data.Shape
import serialbench.data.ShapeSettings
import serialbench.results.ColdStartRow
import serialbench.shapes.Shapes

/**
 * Measures [ColdStartRow]s, each codec in a JVM of its own started for it: in the benchmark's JVM every codec
 * after the first would find classes it shares with earlier ones (kotlinx's, Jackson's) loaded and compiled.
 * When codecs are measured in forks, each fork measures its cold start first ([measureHere]) instead.
 */
object ColdStart {
    /** Elements in the first calls: large enough to leave the interpreter, small enough not to be the cost. */
    const val SIZE = 1_000

    /** The fresh JVM's flags: its heap is not the benchmark's, since one call of [SIZE] objects needs little. */
    val JVM_FLAGS: List<String> = listOf("-Xmx1g")

    /** The fresh JVM's heap, as [JVM_FLAGS] set it: a cold start of big elements measures fewer of them. */
    const val HEAP_BYTES: Long = 1L shl 30

    private const val TIMEOUT_MILLIS = 120_000L

    /**
     * The first of [shapes] that [codecId] supports, at up to [SIZE] elements (fewer if they would not fit a fresh
     * JVM's heap, measuring in the run's JVM); null if it supports none. Asked in the JVM that starts the cold-start
     * JVMs or forks, never in one whose first calls are measured.
     */
    internal fun cell(codecId: String, shapes: List<Shape<*>>, config: BenchConfig): Pair<String, Int>? =
        Codecs.create(codecId, 1, shapes).use { codec ->
            shapes.firstOrNull { codec.support(it) is ShapeSupport.Supported }?.let { shape ->
                val fitting = if (config.forks == 0) HeapCheck.largestSizeThatFits(shape, HEAP_BYTES) else Int.MAX_VALUE
                shape.id to minOf(SIZE, config.sizesOf(shape).max(), fitting)
            }
        }

    /**
     * Starts a child JVM ([ChildMain]) with [JVM_FLAGS] and measures [codecId] there. Throws
     * [serialbench.jvm.ChildJvmException] with the child's stack trace if it fails.
     */
    fun inFreshJvm(
        codecId: String,
        shapeId: String,
        size: Int,
        seed: Long,
        threads: Int,
        settings: ShapeSettings = ShapeSettings.NONE,
    ): ColdStartRow {
        val task = ChildTask.MeasureColdStart(
            codecId,
            ColdStartCell(shapeId, size),
            seed,
            threads,
            settings.asProperties(),
        )
        return ChildMain.inChild<ChildResult.ColdStartMeasured>(
            "cold start of codec $codecId",
            JVM_FLAGS,
            task,
            TIMEOUT_MILLIS,
        ).row
    }

    /** [measureHere] for a child's [task]. */
    internal fun measureHere(task: ChildTask.MeasureColdStart): ColdStartRow {
        val settings = OptionValues.read(Shapes.settingOptions, task.shapeSettings::get)
        return measureHere(task.codec, task.cell.shape, task.cell.size, task.seed, task.threads, settings)
    }

    /**
     * Must run first in its JVM: times creation (the codec and its list codec for the shape), then one
     * serialization and one deserialization.
     */
    fun measureHere(
        codecId: String,
        shapeId: String,
        size: Int,
        seed: Long,
        threads: Int,
        settings: ShapeSettings = ShapeSettings.NONE,
    ): ColdStartRow {
        val made = Shapes.byId(shapeId, settings)
        // a user's type checks each codec on first use (CodecCheck), which is no part of a first call; a codec that
        // changes its data is measured all the same (its row says how), so only the count must come back
        val changesAllowed = made.extension(CodecCheck.KEY) != null
        val shape = made.without(CodecCheck.KEY)
        val objects = shape.generate(seed, size)
        val createStart = System.nanoTime()
        Codecs.create(codecId, threads, listOf(shape)).use { codec ->
            @Suppress("UNCHECKED_CAST")
            val lists = codec.listCodec(shape) as ListCodec<Any>
            val serializeStart = System.nanoTime()
            val payload = lists.encode(objects)
            val deserializeStart = System.nanoTime()
            val decoded = lists.decode(payload)
            val end = System.nanoTime()
            check(if (changesAllowed) decoded.size == objects.size else decoded == objects) {
                "codec $codecId, shape $shapeId at size $size: decoding its own payload gave a different list"
            }
            return ColdStartRow(
                codec = codecId,
                codecName = codec.displayName,
                shape = shapeId,
                size = size,
                createNanos = serializeStart - createStart,
                firstSerializeNanos = deserializeStart - serializeStart,
                firstDeserializeNanos = end - deserializeStart,
            )
        }
    }
}
