package serialbench.run

import serialbench.data.Shape
import serialbench.data.Shapes

/**
 * Refuses, before anything runs, a shape and size whose data could not fit the heap: the list, its decoded copy
 * and its payload live at once while a size is measured, about [LIVE_COPIES] times the decoded list.
 */
internal object HeapCheck {
    const val LIVE_COPIES = 3

    fun refuseWhatCannotFit(config: BenchConfig, maxHeapBytes: Long) {
        for (shape in config.shapeList) {
            for (size in config.sizesOf(shape)) {
                val neededBytes = shape.heapBytesPerElement * size * LIVE_COPIES
                require(neededBytes <= maxHeapBytes) {
                    "shape ${shape.id} at size $size needs about ${neededBytes / MIB} MiB of heap " +
                        "($LIVE_COPIES live copies of ~${shape.heapBytesPerElement} bytes per element), more than the " +
                        "${maxHeapBytes / MIB} MiB this JVM has; lower ${BenchConfig.SIZES}${if (shape.id == Shapes.UPLOAD.id) " or ${BenchConfig.UPLOAD_BYTES}" else ""} " +
                        "or raise -Xmx (bench.jvmArgs)"
                }
            }
        }
    }

    /** The most elements of [shape] that fit [maxHeapBytes] by the same rule, at least 1. */
    fun largestSizeThatFits(shape: Shape<*>, maxHeapBytes: Long): Int =
        (maxHeapBytes / (shape.heapBytesPerElement * LIVE_COPIES)).coerceIn(1L, Int.MAX_VALUE.toLong()).toInt()

    private const val MIB = 1024 * 1024
}
