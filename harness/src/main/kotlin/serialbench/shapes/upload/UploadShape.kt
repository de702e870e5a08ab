package serialbench.shapes.upload

import serialbench.config.Option
import serialbench.config.Reading
import serialbench.data.Shape
import serialbench.data.ShapeSettings
import java.util.Locale

/** The upload of reference 002 with [CONTENT_BYTES] of content per record (256 KiB by default). */
object UploadShape {
    const val ID = "upload"

    /** `bench.uploadBytes`: content bytes of each record. */
    val CONTENT_BYTES = Option(
        "bench.uploadBytes",
        UploadGenerator.DEFAULT_CONTENT_BYTES,
        Reading.int(
            0..UploadGenerator.MAX_CONTENT_BYTES,
            "0 to ${UploadGenerator.MAX_CONTENT_BYTES} (256 MiB), " +
                "e.g. ${UploadGenerator.DEFAULT_CONTENT_BYTES} for 256 KiB",
        ),
        "content bytes of each upload record",
    )

    /** The shape with [settings]' content size. No hand-written token loop: Jackson's mapper reads it. */
    fun shape(settings: ShapeSettings): Shape<Upload> {
        val contentBytes = settings[CONTENT_BYTES]
        return Shape(
            id = ID,
            description = "`Upload` of an image (id, file name, content type, size, three timestamps, tags) with " +
                "${"%,d".format(Locale.ROOT, contentBytes)} bytes of random content each, base64 in JSON",
            elementClass = Upload::class.java,
            serializerOrNull = Upload.serializer(),
            defaultSizes = listOf(1, 10, 100),
            classes = listOf(Upload::class.java),
            // The record, its base64 text (4/3 of the content) and a UTF-16 builder of that text while encoding
            // (8/3) live at once: about twice the content per copy that HeapCheck counts.
            heapBytesPerElement = 2L * contentBytes + 4 * 1024,
            adversarial = AdversarialUploads.uploads,
            options = listOf(CONTENT_BYTES),
        ) { seed, count -> UploadGenerator(seed, contentBytes).uploads(count) }
    }
}
