package serialbench.bindings.upload

import com.google.protobuf.UnsafeByteOperations
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ProtobufChecks
import serialbench.codec.StreamApi
import serialbench.codec.asBytes
import serialbench.codec.proto.UploadList
import serialbench.codec.proto.UploadMessage
import serialbench.codecs.protobuf.ProtobufCodec
import serialbench.shapes.upload.Upload
import serialbench.shapes.upload.UploadShape
import java.io.InputStream
import java.io.OutputStream

/**
 * The `upload` shape for [ProtobufCodec]: records to `upload.proto`'s [UploadList] and back, the mapping timed
 * with the encoding. The content goes out without a copy (the record's array is wrapped, never changed) and is
 * copied out of the parsed message, as an application that owns its arrays would do. The list ends with its element
 * count; decoding checks it and refuses fields the schema does not know ([ProtobufChecks]). Streams: `writeTo` and
 * `parseFrom(InputStream)`.
 */
internal object ProtobufUploadLists : ListCodec<Upload>, StreamApi<Upload> {
    override fun encode(objects: List<Upload>): Payload = Payload.Binary(message(objects).toByteArray())

    override fun decode(payload: Payload): List<Upload> =
        uploads(UploadList.parseFrom(payload.asBytes(ProtobufCodec.ID)))

    override fun encodeTo(objects: List<Upload>, output: OutputStream) = message(objects).writeTo(output)

    override fun decodeFrom(input: InputStream): List<Upload> = uploads(UploadList.parseFrom(input))

    private fun message(objects: List<Upload>): UploadList {
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
        return list.setCount(objects.size).build()
    }

    private fun uploads(list: UploadList): List<Upload> {
        val shape = UploadShape.ID
        ProtobufChecks.requireCount(
            ProtobufCodec.ID,
            shape,
            if (list.hasCount()) list.count else null,
            list.uploadsCount,
        )
        ProtobufChecks.requireNoUnknownFields(ProtobufCodec.ID, shape, list.unknownFields.asMap().keys) { "the list" }
        return list.uploadsList.mapIndexed { index, message ->
            ProtobufChecks.requireNoUnknownFields(ProtobufCodec.ID, shape, message.unknownFields.asMap().keys) {
                "element $index"
            }
            Upload(
                id = message.id,
                fileName = message.fileName,
                contentType = message.contentType,
                sizeBytes = message.sizeBytes,
                createdAtEpochMillis = message.createdAtEpochMillis,
                modifiedAtEpochMillis = message.modifiedAtEpochMillis,
                uploadedAtEpochMillis = message.uploadedAtEpochMillis,
                tags = message.tagsList.toList(),
                content = message.content.toByteArray(),
            )
        }
    }
}
