package serialbench.run

import serialbench.codecs.Codecs
import serialbench.codecs.StreamingDecoders
import serialbench.config.OptionValues
import serialbench.data.Shape
import serialbench.measure.GcMeter
import serialbench.measure.HeapAfterGcMeter
import serialbench.results.StreamingMemoryRow
import serialbench.shapes.Shapes
import serialbench.stream.DecoderSupport
import serialbench.stream.GeneratedArrayStream
import serialbench.stream.StreamingDecoder
import java.io.File
import java.io.InputStream
import java.lang.management.ManagementFactory

/**
 * The child's side of [StreamingMemory]: in a JVM started with a small `-Xmx`, each decoder of a
 * [ChildTask.DecodeInBoundedMemory] reads the whole input, each element checked against the one generated and
 * dropped, while [HeapAfterGcMeter] records the most heap any collection left in use.
 */
internal object BoundedMemoryDecode {
    /** A child's [task], in this JVM: each decoder of its labels in turn. */
    fun measure(task: ChildTask.DecodeInBoundedMemory): List<StreamingMemoryRow> {
        val shape = Shapes.byId(task.shape, OptionValues.read(Shapes.settingOptions, task.shapeSettings::get))
        return task.labels.map { label -> measureOne(label, shape, task) }
    }

    private fun <T : Any> measureOne(
        label: String,
        shape: Shape<T>,
        task: ChildTask.DecodeInBoundedMemory,
    ): StreamingMemoryRow {
        val entry = StreamingDecoders.byLabel(label)
        Codecs.create(entry.codec, task.threads, listOf(shape)).use { codec ->
            val decoder = when (val support = entry.support(codec, shape)) {
                is DecoderSupport.Supported -> support.decoder

                is DecoderSupport.Unsupported ->
                    throw IllegalArgumentException("$label does not decode shape ${shape.id}: ${support.reason}")
            }
            val (seed, size) = task.seed to task.size
            val expected = GeneratedArrayStream(shape, seed, size)
            return decoder.use {
                if (task.file == null) {
                    val generated = { GeneratedArrayStream(shape, seed, size) }
                    val bytes = expected.lengthBytes
                    measureHere(it, expected, size, generated, StreamingMemory.GENERATED, bytes, shape.id)
                } else {
                    val file = File(task.file)
                    measureHere(it, expected, size, { file.inputStream() }, file.name, file.length(), shape.id)
                }
            }
        }
    }

    /** Decodes [source] with [decoder] in this JVM, checking each element against [expected] and dropping it. */
    private fun <T : Any> measureHere(
        decoder: StreamingDecoder<T>,
        expected: GeneratedArrayStream<T>,
        size: Int,
        source: () -> InputStream,
        sourceName: String,
        inputBytes: Long,
        shapeId: String,
    ): StreamingMemoryRow {
        val memory = ManagementFactory.getMemoryMXBean()
        HeapAfterGcMeter().use { meter ->
            System.gc()
            val heapBefore = memory.heapMemoryUsage.used
            meter.reset()
            val gcBefore = GcMeter.read().count
            val start = System.nanoTime()
            val count = source().use { input ->
                decoder.open(input).use { elements ->
                    var index = 0
                    elements.forEachRemainingElement { element ->
                        check(element == expected.elementAt(index)) {
                            "${decoder.label}: element $index differs from the one written"
                        }
                        index++
                    }
                }
            }
            val elapsed = System.nanoTime() - start
            val collections = GcMeter.read().count - gcBefore
            check(count == size) { "${decoder.label}: $count elements decoded, $size written" }
            check(meter.awaitCollections(collections)) {
                "${decoder.label}: ${meter.collectionCount} of $collections collections reported"
            }
            return StreamingMemoryRow(
                codec = decoder.codec,
                decoder = decoder.id,
                shape = shapeId,
                size = size,
                inputBytes = inputBytes,
                maxHeapBytes = Runtime.getRuntime().maxMemory(),
                source = sourceName,
                jvmFlags = ManagementFactory.getRuntimeMXBean().inputArguments.filter { it.startsWith("-X") },
                elements = count,
                elapsedNanos = elapsed,
                heapBeforeBytes = heapBefore,
                peakHeapAfterGcBytes = meter.peakAfterGcBytes,
                gcCount = collections,
            )
        }
    }
}
