package serialbench.run

import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.data.Shape
import serialbench.data.isOneDocument
import serialbench.measure.Cell
import serialbench.measure.CodecBenchmark
import serialbench.measure.Measurement
import serialbench.measure.Subject
import serialbench.results.UnsupportedCell

/**
 * The codecs' own calls on each shape's generated lists (or a `bench.model` document): every codec warmed up on
 * every shape first, then shape by shape and size by size every codec timed, so that no codec's small sizes run in
 * a JVM that others' large sizes have churned and the rest's have not.
 */
internal class ListsProbe(private val context: ProbeContext) : Probe {
    override val kind: ProbeKind get() = KIND

    private val config = context.config

    override fun warmUp() {
        for (codec in context.codecs) for (shape in context.shapes) warmUp(codec, shape)
    }

    override fun measure(): ProbeRows {
        val unsupported = context.codecs.flatMap { codec ->
            context.shapes.mapNotNull { shape -> unsupported(codec, shape) }
        }
        var sizesMeasured = 0
        val measurements = context.shapes.flatMap { shape ->
            config.sizesOf(shape).flatMap { size ->
                if (sizesMeasured++ > 0) context.betweenSizes()
                measureSize(shape, size)
            }
        }
        return ProbeRows(KIND, measurements, unsupported)
    }

    /**
     * Half the codec warm-up on the shape's smallest size, half on [CodecBenchmark.WARM_UP_SIZE] elements (or its
     * largest size, if smaller): a codec whose code depends on the size (a parallel one reads a small list whole, a
     * large one in slices) has both compiled before its first series, which warms up only until steady.
     */
    private fun <T : Any> warmUp(codec: Codec, shape: Shape<T>) {
        val support = codec.support(shape) as? ShapeSupport.Supported ?: return
        val sizes = config.sizesOf(shape)
        val warmUpSizes = listOf(sizes.min(), minOf(CodecBenchmark.WARM_UP_SIZE, sizes.max())).distinct()
        context.log("warming up ${codec.id} on ${shape.id} (${warmUpSizes.joinToString(" and ")} elements)")
        for (size in warmUpSizes) {
            val subject = Subject.ofList(support.codec, shape.generate(config.seed, size), support.dataChange != null)
            val millis = config.warmupMillis * CodecBenchmark.CODEC_WARM_UP_FACTOR / warmUpSizes.size
            context.benchmark.warmUp(Cell.of(codec, shape.id, size), subject, millis)
        }
    }

    /**
     * Each codec's series of one size, on objects of its own that its subject alone holds: the subject drops them
     * before its deserialization series ([Subject.ofList]), whose full GC then marks the payload only.
     */
    private fun <T : Any> measureSize(shape: Shape<T>, size: Int): List<Measurement> = context.codecs.flatMap { codec ->
        val support = codec.support(shape) as? ShapeSupport.Supported ?: return@flatMap emptyList()
        val cell = Cell.of(codec, shape.id, size)
        // Made in the call, kept in no local of this frame: only the subject holds them.
        val subject = Subject.ofList(
            support.codec,
            shape.generate(config.seed, size),
            changesData = support.dataChange != null,
            releasesObjects = true,
        )
        context.benchmark.run(cell, subject, document = shape.isOneDocument).map { measured ->
            support.dataChange?.let { Measurement(measured.row.copy(dataChange = it), measured.samples) }
                ?: measured
        }
    }

    private fun unsupported(codec: Codec, shape: Shape<*>): UnsupportedCell? {
        val support = codec.support(shape) as? ShapeSupport.Unsupported ?: return null
        return UnsupportedCell(codec.id, codec.displayName, shape.id, support.reason)
    }

    companion object : Probe.Factory {
        val KIND = ProbeKind("lists", ResultsSection.RESULTS)

        override fun create(context: ProbeContext): Probe = ListsProbe(context)
    }
}
