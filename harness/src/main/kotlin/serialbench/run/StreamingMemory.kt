package serialbench.run

import serialbench.codecs.Codecs
import serialbench.codecs.StreamingDecoders
import serialbench.data.Shape
import serialbench.data.ShapeSettings
import serialbench.measure.HeapAfterGcMeter
import serialbench.registration.DecoderEntry
import serialbench.results.StreamingMemoryRow
import serialbench.stream.DecoderSupport
import serialbench.stream.GeneratedArrayStream
import java.io.File
import java.util.concurrent.TimeUnit

/**
 * Streaming decodes in bounded memory: an array larger than the heap of the JVM that decodes it, each element
 * checked and dropped once handed over, and the most heap any collection left in use meanwhile
 * ([HeapAfterGcMeter]). Each decoder runs in a JVM of its own started for it ([inFreshJvm], then
 * [BoundedMemoryDecode] there) with `-Xmx` given; a decoder that holds the whole input or list by design is not
 * run, and its row says why.
 */
object StreamingMemory {
    /** The input: a file written element by element ([writeFile]), or [GENERATED] on the fly and never stored. */
    const val GENERATED = "generated"

    private const val TIMEOUT_MINUTES = 30L

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
            log(
                "streaming memory: ${file.length()} bytes written; " +
                    "each decoder reads them in a JVM with -Xmx${config.streamingMemoryHeap}",
            )
            return StreamingDecoders.of(config.codecs).mapNotNull { entry ->
                val row = rowFor(entry, shape, size, config, file)
                val measured = "peak heap after GC ${row?.peakHeapAfterGcBytes} bytes of ${row?.maxHeapBytes}, " +
                    "${row?.elements} elements"
                log("streaming memory: ${entry.label}: " + (row?.notMeasured?.let { "not measured: $it" } ?: measured))
                row
            }
        } finally {
            file.delete()
        }
    }

    /** The JSON array of [size] elements of [shape] ([GeneratedArrayStream]), written to [file] one by one. */
    fun writeFile(shape: Shape<*>, seed: Long, size: Int, file: File) {
        file.parentFile?.mkdirs()
        GeneratedArrayStream(shape, seed, size).use { input ->
            file.outputStream().use { input.copyTo(it, BUFFER_BYTES) }
        }
    }

    private fun rowFor(
        entry: DecoderEntry,
        shape: Shape<*>,
        size: Int,
        config: BenchConfig,
        file: File,
    ): StreamingMemoryRow? {
        val unbounded = Codecs.create(entry.codec, threads = 1, shapes = listOf(shape)).use { codec ->
            when (val support = entry.support(codec, shape)) {
                is DecoderSupport.Unsupported -> return null
                is DecoderSupport.Supported -> support.decoder.use { it.unboundedMemory }
            }
        }
        if (unbounded == null) {
            val heap = config.streamingMemoryHeap
            val threads = config.threads
            return inFreshJvm(
                listOf(entry.label),
                shape.id,
                size,
                config.seed,
                threads,
                file,
                heap,
                config.shapeSettings,
            )
                .single()
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
                "about ${shape.heapBytesPerElement * size / MIB} MiB at ~${shape.heapBytesPerElement} bytes per " +
                "element; " +
                "heap ${heapBytes / MIB} MiB)",
        )
    }

    /**
     * Starts a child JVM ([ChildMain]) with `-Xmx[heap]` and decodes there, one decoder after the other: [labels]
     * (`codec/id`) on [size] elements of shape [shapeId], read from [file] or, when it is `null`, generated on the
     * fly. Throws [serialbench.jvm.ChildJvmException] with the child's stack trace if it fails.
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
        val flags = childFlags(heap)
        val path = file?.absolutePath
        val task = ChildTask.DecodeInBoundedMemory(labels, shapeId, size, seed, threads, path, settings.asProperties())
        val describe = "streaming memory of ${labels.joinToString(", ")} on $shapeId, N = $size, -Xmx$heap"
        val rows = ChildMain.inChild<ChildResult.DecodedInBoundedMemory>(
            describe,
            flags,
            task,
            TimeUnit.MINUTES.toMillis(TIMEOUT_MINUTES),
        ).rows
        check(rows.size == labels.size) { "$describe: ${rows.size} results for ${labels.size} decoders" }
        return rows.map { it.copy(jvmFlags = flags) }
    }

    /** The flags of a child JVM that decodes in a heap of [heap] (`bench.streaming.memoryHeap`). */
    fun childFlags(heap: String): List<String> = listOf("-Xmx$heap")

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
