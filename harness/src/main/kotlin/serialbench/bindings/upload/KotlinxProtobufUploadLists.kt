package serialbench.bindings.upload

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ProtobufChecks
import serialbench.codec.StrictUtf8String
import serialbench.codec.asBytes
import serialbench.codecs.kotlinxprotobuf.KotlinxProtobufCodec
import serialbench.shapes.upload.Upload
import serialbench.shapes.upload.UploadShape

/**
 * The `upload` shape for [KotlinxProtobufCodec]: records in a message class with defaults (an empty tag list is
 * written as nothing), the content as a ProtoBuf `bytes` field, strings decoded strictly ([StrictUtf8String]). The
 * list ends with its element count, checked on decoding ([ProtobufChecks]).
 */
@OptIn(ExperimentalSerializationApi::class)
internal object KotlinxProtobufUploadLists : ListCodec<Upload> {
    override fun encode(objects: List<Upload>): Payload {
        val messages = objects.map {
            UploadMessage(
                it.id, it.fileName, it.contentType, it.sizeBytes, it.createdAtEpochMillis, it.modifiedAtEpochMillis,
                it.uploadedAtEpochMillis, it.tags, it.content,
            )
        }
        return Payload.Binary(
            ProtoBuf.encodeToByteArray(UploadsMessage.serializer(), UploadsMessage(messages, objects.size)),
        )
    }

    override fun decode(payload: Payload): List<Upload> {
        val message = ProtoBuf.decodeFromByteArray(
            UploadsMessage.serializer(),
            payload.asBytes(KotlinxProtobufCodec.ID),
        )
        ProtobufChecks.requireCount(KotlinxProtobufCodec.ID, UploadShape.ID, message.count, message.uploads.size)
        return message.uploads.map {
            Upload(
                it.id, it.fileName, it.contentType, it.sizeBytes, it.createdAtEpochMillis, it.modifiedAtEpochMillis,
                it.uploadedAtEpochMillis, it.tags, it.content,
            )
        }
    }

    @Serializable
    private class UploadsMessage(val uploads: List<UploadMessage> = emptyList(), val count: Int? = null)

    @Serializable
    private class UploadMessage(
        val id: Long = 0,
        @Serializable(with = StrictUtf8String::class) val fileName: String = "",
        @Serializable(with = StrictUtf8String::class) val contentType: String = "",
        val sizeBytes: Long = 0,
        val createdAtEpochMillis: Long = 0,
        val modifiedAtEpochMillis: Long = 0,
        val uploadedAtEpochMillis: Long = 0,
        val tags: List<
            @Serializable(with = StrictUtf8String::class)
            String,
            > = emptyList(),
        val content: ByteArray = EMPTY,
    )

    private val EMPTY = ByteArray(0)
}
