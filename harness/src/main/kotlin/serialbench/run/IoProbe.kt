package serialbench.run

import serialbench.codec.Codec
import serialbench.data.Shape
import serialbench.input.InputDocument
import serialbench.io.IoPaths
import serialbench.io.IoSupport
import serialbench.io.PathCodec
import serialbench.measure.Cell
import serialbench.measure.Measurement
import serialbench.results.RunPhase
import serialbench.results.UnsupportedCell
import java.io.File

/**
 * The I/O paths of `bench.io`, in this JVM, for the codecs given: on each shape and size, each codec serializes and
 * deserializes over each path of [BenchConfig.io] ([IoPaths]), timed as the codecs' own measurements are, after
 * those (the codec is warm). Rows carry their path and whether the harness adapted it; a path a codec cannot take
 * is an [UnsupportedCell] with the path and the reason. The `file` path's files go to [DIRECTORY] in the run's
 * scratch directory.
 */
internal class IoProbe(private val context: ProbeContext) : Probe {
    private val config = context.config
    private val codecs get() = context.codecs
    private val shapes = context.shapes
    private val input = context.input
    private val scratch = File(context.scratch, DIRECTORY)
    private val log = context.log

    override val kind: ProbeKind get() = KIND

    override val phase: RunPhase get() = RunPhase.IO

    private val benchmark = context.quietBenchmark()

    override fun measure(): ProbeRows {
        val parts = shapes.map { measureShape(it) }
        return ProbeRows(KIND, parts.flatMap { it.measurements }, parts.flatMap { it.unsupported } + inputFile())
    }

    /** A `bench.input` file in tree mode is read from a string, not over the paths: each path named, with why. */
    private fun inputFile(): List<UnsupportedCell> = input?.let { document ->
        codecs.flatMap { codec ->
            config.io.map { UnsupportedCell(codec.id, codec.displayName, document.shapeId, INPUT_FILE, io = it) }
        }
    }.orEmpty()

    private fun <T : Any> measureShape(shape: Shape<T>): ProbeRows {
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
                measure(Cell.of(codec, shape.id, size), path, objects)
            }
        }
        return ProbeRows(KIND, measurements, unsupported)
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

    companion object : Probe.Factory {
        val KIND = ProbeKind("io", ResultsSection.IO_PATHS)

        /** The directory under `target/` of the `file` path's files. */
        const val DIRECTORY = "io-paths"

        /** Why a `bench.input` file in tree mode has no I/O path rows. */
        const val INPUT_FILE = "a bench.input file in tree mode is measured from a string; the paths take the lists"

        override fun create(context: ProbeContext): Probe? = if (context.config.io.isEmpty()) null else IoProbe(context)
    }
}
