package serialbench.run

import serialbench.data.Shape
import java.io.File
import java.util.Locale

/**
 * Refuses, before anything runs, a shape and size whose data could not fit the heap: the list, its decoded copy
 * and its payload live at once while a size is measured, about [LIVE_COPIES] times the decoded list.
 */
internal object HeapCheck {
    const val LIVE_COPIES = 3

    fun refuseWhatCannotFit(config: BenchConfig, maxHeapBytes: Long) {
        for (shape in config.shapeList) {
            val lower = (listOf(BenchOptions.SIZES) + shape.options).joinToString(" or ")
            refuseSizesThatCannotFit(
                shape,
                config.sizesOf(shape),
                maxHeapBytes,
                "lower $lower or raise -Xmx (bench.jvmArgs)",
            )
        }
    }

    /** Refuses the first of [sizes] of [shape] that could not fit [maxHeapBytes], saying what to do: [remedy]. */
    fun refuseSizesThatCannotFit(shape: Shape<*>, sizes: List<Int>, maxHeapBytes: Long, remedy: String) {
        for (size in sizes) {
            val neededBytes = shape.heapBytesPerElement * size * LIVE_COPIES
            require(neededBytes <= maxHeapBytes) {
                "shape ${shape.id} at size $size needs about ${neededBytes / MIB} MiB of heap " +
                    "($LIVE_COPIES live copies of ~${shape.heapBytesPerElement} bytes per element), more than the " +
                    "${maxHeapBytes / MIB} MiB this JVM has; $remedy"
            }
        }
    }

    /**
     * The largest need of [config]'s run by the rules above: the largest shape and size, a `bench.input` file
     * measured in tree mode or read as bench.model's data (its length on disk, not read), or the largest document of
     * `bench.documentSet` (its text and its trees, as a file's).
     */
    fun largestNeed(config: BenchConfig): HeapNeed {
        val sizes = config.shapeList.flatMap { shape ->
            config.sizesOf(shape).map { size ->
                HeapNeed(
                    shape.heapBytesPerElement * size * LIVE_COPIES,
                    "${BenchOptions.SIZES}=$size (shape ${shape.id})",
                    listOf(BenchOptions.SIZES.name) + shape.options.map { it.name },
                )
            }
        }
        val input = config.input?.let(::inputNeed)
        val documents = config.documentSet.maxByOrNull { it.targetBytes }?.let { document ->
            HeapNeed(
                document.targetBytes.toLong() * HEAP_BYTES_PER_INPUT_BYTE,
                "${BenchOptions.DOCUMENT_SET}=${document.id}",
                listOf("${BenchOptions.DOCUMENT_SET} (smaller documents)"),
            )
        }
        return (sizes + listOfNotNull(input, documents)).maxByOrNull { it.bytes }
            ?: HeapNeed(0, "this run", emptyList())
    }

    /** The need of a `bench.input` [file], from its length on disk: known before it is read. */
    fun inputNeed(file: File) = HeapNeed(
        file.length() * HEAP_BYTES_PER_INPUT_BYTE,
        "${BenchOptions.INPUT}='${file.path}'",
        listOf("${BenchOptions.INPUT} (a smaller file)"),
    )

    /** The most elements of [shape] that fit [maxHeapBytes] by the same rule, at least 1. */
    fun largestSizeThatFits(shape: Shape<*>, maxHeapBytes: Long): Int =
        (maxHeapBytes / (shape.heapBytesPerElement * LIVE_COPIES)).coerceIn(1L, Int.MAX_VALUE.toLong()).toInt()

    /**
     * Heap per byte of a `bench.input` file while it is measured: the text, and up to three trees of it at once
     * (the reference, a codec's tree, the one being decoded), each commonly 5 to 10 times the JSON it holds.
     */
    const val HEAP_BYTES_PER_INPUT_BYTE = 32

    /**
     * Refuses a `bench.input` file too large for this heap, from its length on disk, before it is read: reading
     * it first could itself exhaust the heap (or exceed what one array can hold).
     */
    fun refuseInputThatCannotFit(file: File, maxHeapBytes: Long) {
        val sizeBytes = file.length()
        val neededBytes = sizeBytes * HEAP_BYTES_PER_INPUT_BYTE
        require(neededBytes <= maxHeapBytes) {
            val size = String.format(Locale.ROOT, "%,d", sizeBytes)
            "${BenchOptions.INPUT}='${file.path}' ($size bytes on disk, not read) needs about " +
                "${neededBytes / MIB} MiB of heap " +
                "(~$HEAP_BYTES_PER_INPUT_BYTE bytes per byte of JSON: the text and up to three trees of it), " +
                "more than " +
                "the ${maxHeapBytes / MIB} MiB this JVM has; use a smaller file or raise -Xmx (bench.jvmArgs)"
        }
    }

    private const val MIB = 1024 * 1024
}
