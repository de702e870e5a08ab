package serialbench.data

import serialbench.shapes.Shapes
import serialbench.shapes.upload.UploadShape

/**
 * Every shape as the correctness tests use it: `upload` with small contents ([UPLOAD_BYTES]), so that tests
 * repeating it over every codec and pair of codecs stay quick. The default content size is tested on its own.
 */
object TestShapes {
    /** Just past 3 KiB, and not a multiple of 3, so base64 ends in padding. */
    const val UPLOAD_BYTES = 3 * 1024 + 1

    val all: List<Shape<*>> =
        Shapes.ids.map { Shapes.byId(it, ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, UPLOAD_BYTES)) }
}
