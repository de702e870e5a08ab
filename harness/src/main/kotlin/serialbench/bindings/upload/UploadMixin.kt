package serialbench.bindings.upload

import org.apache.fory.json.annotation.JsonCreator
import org.apache.fory.json.annotation.JsonMixin
import serialbench.shapes.upload.Upload

/** [Upload]'s primary constructor as Fory JSON's creator (see `ForyJsonCodec.MIXINS`). Never instantiated. */
@JsonMixin(target = Upload::class)
internal abstract class UploadMixin
@JsonCreator(
    "id", "fileName", "contentType", "sizeBytes", "createdAtEpochMillis", "modifiedAtEpochMillis",
    "uploadedAtEpochMillis", "tags", "content",
)
constructor(
    id: Long,
    fileName: String,
    contentType: String,
    sizeBytes: Long,
    createdAtEpochMillis: Long,
    modifiedAtEpochMillis: Long,
    uploadedAtEpochMillis: Long,
    tags: List<String>,
    content: ByteArray,
)
