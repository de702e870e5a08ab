package serialbench.data

import serialbench.shapes.upload.UploadGenerator

/**
 * Settings that change what a shape's generator makes, beyond the seed and the count: given once per run
 * (`bench.uploadBytes`) and applied wherever a shape is resolved by id ([Shapes.byId]), forks and cold-start
 * JVMs included.
 */
data class ShapeOptions(
    /** Content bytes of each `upload` record. */
    val uploadBytes: Int = UploadGenerator.DEFAULT_CONTENT_BYTES,
) {
    init {
        require(uploadBytes in 0..UploadGenerator.MAX_CONTENT_BYTES) {
            "uploadBytes out of range 0..${UploadGenerator.MAX_CONTENT_BYTES}: $uploadBytes"
        }
    }
}
