package serialbench.codec

import com.google.protobuf.UnsafeByteOperations
import serialbench.codec.proto.UploadList
import serialbench.codec.proto.UploadMessage
import serialbench.model.Upload

/**
 * The `upload` shape for [ProtobufCodec]: records to `upload.proto`'s [UploadList] and back, the mapping timed
 * with the encoding. The content goes out without a copy (the record's array is wrapped, never changed) and is
 * copied out of the parsed message, as an application that owns its arrays would do.
 */
internal object ProtobufUploadLists : ListCodec<Upload> {
    override fun encode(objects: List<Upload>): Payload {
        val list = UploadList.newBuilder()
        for (upload in objects) {
            list.addUploads(
                UploadMessage.newBuilder()
                    .setId(upload.id)
                    .setFileName(upload.fileName)
                    .setContentType(upload.contentType)
                    .setSizeBytes(upload.sizeBytes)
                    .setCreatedAtEpochMillis(upload.createdAtEpochMillis)
                    .setModifiedAtEpochMillis(upload.modifiedAtEpochMillis)
                    .setUploadedAtEpochMillis(upload.uploadedAtEpochMillis)
                    .addAllTags(upload.tags)
                    .setContent(UnsafeByteOperations.unsafeWrap(upload.content)),
            )
        }
        return Payload.Binary(list.build().toByteArray())
    }

    override fun decode(payload: Payload): List<Upload> =
        UploadList.parseFrom(payload.asBytes(ProtobufCodec.ID)).uploadsList.map {
            Upload(
                id = it.id,
                fileName = it.fileName,
                contentType = it.contentType,
                sizeBytes = it.sizeBytes,
                createdAtEpochMillis = it.createdAtEpochMillis,
                modifiedAtEpochMillis = it.modifiedAtEpochMillis,
                uploadedAtEpochMillis = it.uploadedAtEpochMillis,
                tags = it.tagsList.toList(),
                content = it.content.toByteArray(),
            )
        }
}
