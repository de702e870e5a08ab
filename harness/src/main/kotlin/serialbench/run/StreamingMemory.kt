package serialbench.run

import java.io.File
import java.io.InputStream
import java.lang.management.ManagementFactory
import java.util.concurrent.TimeUnit
import kotlinx.serialization.json.Json
import serialbench.codecs.Codecs
import serialbench.codecs.StreamingDecoders
import serialbench.data.Shape
import serialbench.config.OptionValues
import serialbench.data.ShapeSettings
import serialbench.jvm.ChildJvm
import serialbench.measure.GcMeter
import serialbench.measure.HeapAfterGcMeter
import serialbench.registration.DecoderEntry
import serialbench.results.StreamingMemoryRow
import serialbench.shapes.Shapes
import serialbench.stream.DecoderSupport
import serialbench.stream.GeneratedArrayStream
import serialbench.stream.StreamingDecoder

/**
 * Streaming decodes in bounded memory: an array larger than the heap of the JVM that decodes it, each element
 * checked and dropped once handed over, and the most heap any collection left in use meanwhile
 * ([HeapAfterGcMeter]). Each decoder runs in a JVM of its own started for it ([inFreshJvm]) with `-Xmx` given;
 * a decoder that holds the whole input or list by design is not run, and its row says why.
 */
object StreamingMemory {
    /** The input: a file written element by element ([writeFile]), or [GENERATED] on the fly and never stored. */
    const val GENERATED = "generated"

    private const val RESULT_PREFIX = "streaming-memory-result "
    private const val TIMEOUT_MINUTES = 30L
    private val json = Json { encodeDefaults = true }

    /**
     * `bench.streaming.memorySize` elements of the run's first shape, written to a file in [directory] (deleted
     * afterwards), then read by every decoder of the run's codecs, each in a JVM with `bench.streaming.memoryHeap`.
     */
    fun measure(config: BenchConfig, directory: File, log: (String) -> Unit): List<StreamingMemoryRow> {
        val size = config.streamingMemorySize
        val shape = config.shapeList.firstOrNull()
        if (size == 0 || shape == null) return emptyList()
        val file = File(directory, "streaming-memory-${shape.id}-$size.json")
        log("streaming memory: writing $size elements of ${shape.id} to ${file.path}, one at a time")
        writeFile(shape, config.seed, size, file)
        try {
            log("streaming memory: ${file.length()} bytes written; each decoder reads them in a JVM with -Xmx${config.streamingMemoryHeap}")
            return StreamingDecoders.of(config.codecs).mapNotNull { entry ->
                val row = rowFor(entry, shape, size, config, file)
                log("streaming memory: ${entry.label}: " + (row?.notMeasured?.let { "not measured: $it" }
                    ?: "peak heap after GC ${row?.peakHeapAfterGcBytes} bytes of ${row?.maxHeapBytes}, ${row?.elements} elements"))
                row
            }
        } finally {
            file.delete()
        }
    }

    /** The JSON array of [size] elements of [shape] ([GeneratedArrayStream]), written to [file] element by element. */
    fun writeFile(shape: Shape<*>, seed: Long, size: Int, file: File) {
        file.parentFile?.mkdirs()
        GeneratedArrayStream(shape, seed, size).use { input -> file.outputStream().use { input.copyTo(it, BUFFER_BYTES) } }
    }

    private fun rowFor(entry: DecoderEntry, shape: Shape<*>, size: Int, config: BenchConfig, file: File): StreamingMemoryRow? {
        val unbounded = Codecs.create(entry.codec, threads = 1).use { codec ->
            when (val support = entry.support(codec, shape)) {
                is DecoderSupport.Unsupported -> return null
                is DecoderSupport.Supported -> support.decoder.use { it.unboundedMemory }
            }
        }
        if (unbounded == null) {
            val (heap, settings) = config.streamingMemoryHeap to config.shapeSettings
            val seed = config.seed
            return inFreshJvm(listOf(entry.label), shape.id, size, seed, config.threads, file, heap, settings).single()
        }
        val heapBytes = heapBytes(config.streamingMemoryHeap)
        return StreamingMemoryRow(
            codec = entry.codec,
            decoder = entry.id,
            shape = shape.id,
            size = size,
            inputBytes = file.length(),
            maxHeapBytes = heapBytes,
            source = file.name,
            jvmFlags = listOf("-Xmx${config.streamingMemoryHeap}"),
            notMeasured = "would not fit the heap: $unbounded (${file.length() / MIB} MiB of JSON; the decoded list " +
                "about ${shape.heapBytesPerElement * size / MIB} MiB at ~${shape.heapBytesPerElement} bytes per element; " +
                "heap ${heapBytes / MIB} MiB)",
        )
    }

    /**
     * Starts `java -Xmx[heap]` with this JVM's class path and decodes there, one decoder after the other: [labels]
     * (`codec/id`) on [size] elements of shape [shapeId], read from [file] or, when it is `null`, generated on the fly.
     */
    fun inFreshJvm(
        labels: List<String>,
        shapeId: String,
        size: Int,
        seed: Long,
        threads: Int,
        file: File?,
        heap: String,
        settings: ShapeSettings = ShapeSettings.NONE,
    ): List<StreamingMemoryRow> {
        val flags = listOf("-Xmx$heap")
        val arguments =
            listOf(labels.joinToString(","), shapeId, "$size", "$seed", "$threads", file?.absolutePath ?: GENERATED)
        val properties = settings.asProperties()
        val describe = "streaming memory of $labels"
        val finished = ChildJvm(describe, StreamingMemory::class.java, flags, arguments, properties)
            .run(TimeUnit.MINUTES.toMillis(TIMEOUT_MINUTES), RESULT_PREFIX)
        val rows = finished.results.map { json.decodeFromString(StreamingMemoryRow.serializer(), it) }
        check(finished.exitCode == 0 && rows.size == labels.size) {
            "streaming memory of $labels on $shapeId, N = $size, -Xmx$heap: the JVM exited with ${finished.exitCode} " +
                "and ${rows.size} of ${labels.size} results; its output ends with:\n${finished.tailText()}"
        }
        return rows.map { it.copy(jvmFlags = flags) }
    }

    /** Decodes [source] with [decoder] in this JVM, checking each element against [expected] and dropping it. */
    fun <T : Any> measureHere(decoder: StreamingDecoder<T>, expected: GeneratedArrayStream<T>, size: Int, source: () -> InputStream, sourceName: String, inputBytes: Long, shapeId: String): StreamingMemoryRow {
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
                        check(element == expected.elementAt(index)) { "${decoder.label}: element $index differs from the one written" }
                        index++
                    }
                }
            }
            val elapsed = System.nanoTime() - start
            val collections = GcMeter.read().count - gcBefore
            check(count == size) { "${decoder.label}: $count elements decoded, $size written" }
            check(meter.awaitCollections(collections)) { "${decoder.label}: ${meter.collectionCount} of $collections collections reported" }
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

    /**
     * Arguments: decoder labels (comma-separated), shape id, size, seed, threads, file path or [GENERATED]; the
     * shapes' settings come as system properties.
     */
    @JvmStatic
    fun main(args: Array<String>) {
        require(args.size == 6) {
            "usage: StreamingMemory <codec/id,...> <shape> <size> <seed> <threads> <file|$GENERATED>; " +
                "got ${args.toList()}"
        }
        ParentWatch.haltWhenParentGoes("streaming memory of ${args[0]}")
        val shape = Shapes.byId(args[1], OptionValues.read(Shapes.options, System::getProperty))
        val size = args[2].toInt()
        val seed = args[3].toLong()
        for (label in args[0].split(',')) {
            println(RESULT_PREFIX + json.encodeToString(StreamingMemoryRow.serializer(), measureOne(label, shape, size, seed, args[4].toInt(), args[5])))
        }
    }

    private fun <T : Any> measureOne(label: String, shape: Shape<T>, size: Int, seed: Long, threads: Int, source: String): StreamingMemoryRow {
        val entry = StreamingDecoders.byLabel(label)
        Codecs.create(entry.codec, threads).use { codec ->
            val decoder = when (val support = entry.support(codec, shape)) {
                is DecoderSupport.Supported -> support.decoder
                is DecoderSupport.Unsupported -> throw IllegalArgumentException("$label does not decode shape ${shape.id}: ${support.reason}")
            }
            val expected = GeneratedArrayStream(shape, seed, size)
            return decoder.use {
                if (source == GENERATED) {
                    measureHere(it, expected, size, { GeneratedArrayStream(shape, seed, size) }, GENERATED, expected.lengthBytes, shape.id)
                } else {
                    val file = File(source)
                    measureHere(it, expected, size, { file.inputStream() }, file.name, file.length(), shape.id)
                }
            }
        }
    }

    /** A heap size as `-Xmx` takes it (`256m`, `2g`), in bytes. */
    fun heapBytes(spec: String): Long {
        val match = requireNotNull(HEAP.matchEntire(spec)) { "heap size '$spec' is not a number followed by k, m or g" }
        val unit = when (match.groupValues[2].lowercase()) {
            "k" -> 1L shl 10
            "m" -> 1L shl 20
            else -> 1L shl 30
        }
        return match.groupValues[1].toLong() * unit
    }

    val HEAP = Regex("([1-9][0-9]*)([kKmMgG])")
    private const val MIB = 1024L * 1024
    private const val BUFFER_BYTES = 64 * 1024
}
