package serialbench.codec

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.model.Upload

/**
 * The `upload` shape for [KotlinxProtobufCodec]: records in a message class with defaults (an empty tag list is
 * written as nothing), the content as a ProtoBuf `bytes` field.
 */
@OptIn(ExperimentalSerializationApi::class)
internal object KotlinxProtobufUploadLists : ListCodec<Upload> {
    override fun encode(objects: List<Upload>): Payload = Payload.Binary(
        ProtoBuf.encodeToByteArray(
            UploadsMessage.serializer(),
            UploadsMessage(objects.map { UploadMessage(it.id, it.fileName, it.contentType, it.sizeBytes, it.createdAtEpochMillis, it.modifiedAtEpochMillis, it.uploadedAtEpochMillis, it.tags, it.content) }),
        ),
    )

    override fun decode(payload: Payload): List<Upload> =
        ProtoBuf.decodeFromByteArray(UploadsMessage.serializer(), payload.asBytes(KotlinxProtobufCodec.ID)).uploads.map {
            Upload(it.id, it.fileName, it.contentType, it.sizeBytes, it.createdAtEpochMillis, it.modifiedAtEpochMillis, it.uploadedAtEpochMillis, it.tags, it.content)
        }

    @Serializable
    private class UploadsMessage(val uploads: List<UploadMessage> = emptyList())

    @Serializable
    private class UploadMessage(
        val id: Long = 0,
        val fileName: String = "",
        val contentType: String = "",
        val sizeBytes: Long = 0,
        val createdAtEpochMillis: Long = 0,
        val modifiedAtEpochMillis: Long = 0,
        val uploadedAtEpochMillis: Long = 0,
        val tags: List<String> = emptyList(),
        val content: ByteArray = EMPTY,
    )

    private val EMPTY = ByteArray(0)
}
