package serialbench.shapes.upload

import java.util.Locale
import serialbench.data.Shape
import serialbench.data.ShapeOptions

/** The upload of reference 002 with [ShapeOptions.uploadBytes] of content per record (256 KiB by default). */
object UploadShape {
    const val ID = "upload"

    /** The shape with [options]' content size. No hand-written token loop: Jackson's mapper reads it. */
    fun shape(options: ShapeOptions): Shape<Upload> = Shape(
        id = ID,
        description = "`Upload` of an image (id, file name, content type, size, three timestamps, tags) with " +
            "${"%,d".format(Locale.ROOT, options.uploadBytes)} bytes of random content each, base64 in JSON",
        elementClass = Upload::class.java,
        serializer = Upload.serializer(),
        defaultSizes = listOf(1, 10, 100),
        classes = listOf(Upload::class.java),
        // The record, its base64 text (4/3 of the content) and a UTF-16 builder of that text while encoding
        // (8/3) live at once: about twice the content per copy that HeapCheck counts.
        heapBytesPerElement = 2L * options.uploadBytes + 4 * 1024,
        adversarial = AdversarialUploads.uploads,
    ) { seed, count -> UploadGenerator(seed, options.uploadBytes).uploads(count) }
}
