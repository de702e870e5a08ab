package serialbench.shapes.upload

import com.fasterxml.jackson.annotation.JsonCreator
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.cbor.ByteString

/**
 * An uploaded file with its metadata, the element of the `upload` shape: an image as an upload API receives it.
 *
 * [content] travels as a base64 string in JSON ([Base64ByteArraySerializer] for kotlinx, each library's own
 * base64 support for the others) and as raw bytes in binary formats (`@ByteString` makes kotlinx Cbor write a
 * byte string rather than an array of numbers).
 *
 * Equality compares [content] by value ([ByteArray]'s own `equals` compares references); [toString] shows its
 * size, not its bytes.
 */
@OptIn(ExperimentalSerializationApi::class)
@Serializable
data class Upload @JsonCreator constructor(
    val id: Long,
    val fileName: String,
    /** A MIME type such as `image/jpeg`. */
    val contentType: String,
    /** The size the client declared; the generator sets it to `content.size`. */
    val sizeBytes: Long,
    val createdAtEpochMillis: Long,
    val modifiedAtEpochMillis: Long,
    val uploadedAtEpochMillis: Long,
    val tags: List<String>,
    @Serializable(with = Base64ByteArraySerializer::class)
    @ByteString
    val content: ByteArray,
) {
    override fun equals(other: Any?): Boolean = this === other || (
        other is Upload &&
            id == other.id &&
            fileName == other.fileName &&
            contentType == other.contentType &&
            sizeBytes == other.sizeBytes &&
            createdAtEpochMillis == other.createdAtEpochMillis &&
            modifiedAtEpochMillis == other.modifiedAtEpochMillis &&
            uploadedAtEpochMillis == other.uploadedAtEpochMillis &&
            tags == other.tags &&
            content.contentEquals(other.content)
        )

    override fun hashCode(): Int {
        var result = id.hashCode()
        result = 31 * result + fileName.hashCode()
        result = 31 * result + contentType.hashCode()
        result = 31 * result + sizeBytes.hashCode()
        result = 31 * result + createdAtEpochMillis.hashCode()
        result = 31 * result + modifiedAtEpochMillis.hashCode()
        result = 31 * result + uploadedAtEpochMillis.hashCode()
        result = 31 * result + tags.hashCode()
        result = 31 * result + content.contentHashCode()
        return result
    }

    override fun toString(): String =
        "Upload(id=$id, fileName=$fileName, contentType=$contentType, sizeBytes=$sizeBytes, " +
            "createdAtEpochMillis=$createdAtEpochMillis, modifiedAtEpochMillis=$modifiedAtEpochMillis, " +
            "uploadedAtEpochMillis=$uploadedAtEpochMillis, tags=$tags, content=${content.size} bytes)"
}
