package serialbench.run

import serialbench.codec.Codec
import serialbench.data.Shape
import serialbench.io.IoPaths
import serialbench.io.IoSupport
import serialbench.io.PathCodec
import serialbench.measure.Cell
import serialbench.measure.CodecBenchmark
import serialbench.measure.Measurement
import serialbench.results.UnsupportedCell
import java.io.File

/**
 * The I/O paths of `bench.io`, in this JVM, for the codecs given: on each shape and size, each codec serializes and
 * deserializes over each path of [BenchConfig.io] ([IoPaths]), timed as the codecs' own measurements are, after
 * those (the codec is warm). Rows carry their path and whether the harness adapted it; a path a codec cannot take
 * is an [UnsupportedCell] with the path and the reason. The `file` path's files go to [scratch].
 */
internal class IoMeasurements(
    private val config: BenchConfig,
    private val scratch: File,
    private val log: (String) -> Unit,
) {
    class Part(val measurements: List<Measurement>, val unsupported: List<UnsupportedCell>)

    private val benchmark = CodecBenchmark(config.repetitions, config.warmup, config.warmupMillis)

    fun measure(codecs: List<Codec>, shapes: List<Shape<*>>): Part {
        val parts = shapes.map { measureShape(codecs, it) }
        return Part(parts.flatMap { it.measurements }, parts.flatMap { it.unsupported })
    }

    private fun <T : Any> measureShape(codecs: List<Codec>, shape: Shape<T>): Part {
        val unsupported = mutableListOf<UnsupportedCell>()
        val paths = mutableListOf<Pair<Codec, PathCodec<T>>>()
        for (codec in codecs) {
            for (path in config.io) {
                when (val support = IoPaths.support(codec, shape, path, scratch)) {
                    is IoSupport.Supported -> paths += codec to support.codec

                    is IoSupport.Unsupported ->
                        unsupported +=
                            UnsupportedCell(codec.id, codec.displayName, shape.id, support.reason, io = path)
                }
            }
        }
        val measurements = config.sizesOf(shape).flatMap { size ->
            val objects = shape.generate(config.seed, size)
            paths.flatMap { (codec, path) ->
                measure(Cell(codec.id, codec.displayName, codec.format.displayName, shape.id, size), path, objects)
            }
        }
        return Part(measurements, unsupported)
    }

    private fun <T : Any> measure(cell: Cell, path: PathCodec<T>, objects: List<T>): List<Measurement> {
        log("$cell: path ${path.path.id}" + if (path.adapted) " (adapted)" else "")
        return try {
            path.subject(objects, cell.toString()).use { subject ->
                benchmark.run(cell, subject).map {
                    Measurement(it.row.copy(io = path.path, adapted = path.adapted), it.samples)
                }
            }
        } catch (e: Exception) {
            throw IllegalStateException("$cell, path ${path.path.id}: ${e.message}", e)
        }
    }
}
