package serialbench.run

import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.codecs.StreamingDecoders
import serialbench.data.Shape
import serialbench.data.isOneDocument
import serialbench.measure.Cell
import serialbench.measure.CodecBenchmark
import serialbench.measure.StreamingBenchmark
import serialbench.measure.StreamingSubject
import serialbench.results.RunPhase
import serialbench.results.UnsupportedCell
import serialbench.stream.DecoderSupport
import serialbench.stream.StreamingDecoder

/**
 * The decodes from a stream of `bench.streaming`, in this JVM, for [codecs], after the I/O paths ([IoProbe]): on
 * each shape, every decoder of
 * [StreamingDecoders] whose codec runs and carries the shape is warmed up, then at each size it reads the codec's
 * own payload from an `InputStream` over memory, timed to its first element and to its last in the same calls.
 */
internal class StreamingProbe(private val context: ProbeContext) : Probe {
    private val config = context.config
    private val codecs get() = context.codecs
    private val shapes = context.shapes
    private val log = context.log

    override val kind: ProbeKind get() = KIND

    override val phase: RunPhase get() = RunPhase.STREAMING

    private val benchmark =
        StreamingBenchmark(config.repetitions, config.warmup, config.warmupMillis, log, context.gzipSizes)

    override fun measure(): ProbeRows {
        val parts = shapes.map { measureShape(it) }
        return ProbeRows(KIND, parts.flatMap { it.measurements }, parts.flatMap { it.unsupported })
    }

    private fun <T : Any> measureShape(shape: Shape<T>): ProbeRows {
        val carrying = codecs.filter { it.support(shape) is ShapeSupport.Supported }.associateBy { it.id }
        if (shape.isOneDocument) {
            // a decoder from a stream hands over the elements of an array, and this shape is one object
            return ProbeRows(
                KIND,
                emptyList(),
                StreamingDecoders.of(carrying.keys).map {
                    val name = carrying.getValue(it.codec).displayName
                    UnsupportedCell(it.codec, name, shape.id, ONE_DOCUMENT, decoder = it.id)
                },
            )
        }
        val supports = StreamingDecoders.of(carrying.keys).map { it.support(carrying.getValue(it.codec), shape) }
        val unsupported = supports.filterIsInstance<DecoderSupport.Unsupported<T>>().map {
            UnsupportedCell(it.codec, carrying.getValue(it.codec).displayName, shape.id, it.reason, decoder = it.id)
        }
        val decoders = supports.filterIsInstance<DecoderSupport.Supported<T>>().map { it.decoder }
        try {
            val warmUpSize = minOf(CodecBenchmark.WARM_UP_SIZE, config.sizesOf(shape).max())
            val warmUpObjects = shape.generate(config.seed, warmUpSize)
            for (decoder in decoders) {
                val codec = carrying.getValue(decoder.codec)
                log("warming up ${decoder.label} on ${shape.id}")
                val subject = subject(codec, decoder, shape, warmUpObjects, cell(codec, shape, warmUpSize))
                benchmark.warmUp(
                    "${cell(codec, shape, warmUpSize)}, decoder ${decoder.id}",
                    subject,
                    config.warmupMillis * CodecBenchmark.CODEC_WARM_UP_FACTOR,
                )
            }
            val measurements = config.sizesOf(shape).flatMap { size ->
                val objects = shape.generate(config.seed, size)
                decoders.map { decoder ->
                    val codec = carrying.getValue(decoder.codec)
                    val cell = cell(codec, shape, size)
                    benchmark.run(cell, decoder.id, subject(codec, decoder, shape, objects, cell), decoder.adapted)
                }
            }
            return ProbeRows(KIND, measurements, unsupported)
        } finally {
            decoders.forEach { it.close() }
        }
    }

    /** The codec's own payload of [objects], read back by [decoder]; checked before any timing. */
    private fun <T : Any> subject(
        codec: Codec,
        decoder: StreamingDecoder<T>,
        shape: Shape<T>,
        objects: List<T>,
        cell: Cell,
    ): StreamingSubject<T> {
        val lists = (codec.support(shape) as ShapeSupport.Supported).codec
        return StreamingSubject.of(
            decoder,
            lists.encode(objects).toByteArray(),
            objects,
            "$cell, decoder ${decoder.id}",
        )
    }

    private fun cell(codec: Codec, shape: Shape<*>, size: Int) = Cell.of(codec, shape.id, size)

    companion object : Probe.Factory {
        val KIND = ProbeKind("streaming", ResultsSection.STREAMING)

        private const val ONE_DOCUMENT = "it reads the elements of an array one by one, and this shape is one document"

        override fun create(context: ProbeContext): Probe? =
            if (context.config.streaming) StreamingProbe(context) else null
    }
}
