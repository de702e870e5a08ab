package serialbench.http

import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.listCodec
import serialbench.data.Shape

/**
 * One codec, shape and size, ready to send: the list, its element count and [ContentChecksum], and the codec's
 * [ListCodec] to encode it for every request. Checked before any request: the codec's body decodes back to the
 * list. [send] makes one request and checks the answer.
 *
 * Thread safe (the codecs are); the list is never modified.
 */
class PreparedUpload<T : Any>(val codec: Codec, val shape: Shape<T>, val elements: List<T>) {
    private val lists: ListCodec<T> = codec.listCodec(shape)
    val checksum: Long = ContentChecksum.of(shape.serializer, elements)
    val contentType: String = UploadProtocol.contentType(codec.format)
    private val where = "codec ${codec.id}, shape ${shape.id}, N = ${elements.size}"

    /** The body every request sends (a codec is deterministic), encoded once here to check it. */
    val body: ByteArray
    private val readsText: Boolean

    init {
        val payload = lists.encode(elements)
        check(lists.decode(payload) == elements) {
            "$where: the codec's body does not decode back to the list it encodes"
        }
        body = payload.toByteArray()
        readsText = payload is Payload.Text
    }

    /**
     * Whether [bytes], as a body, decode to this very list (a changed byte the codec ignores, say); false if they fail.
     */
    fun decodesToTheList(bytes: ByteArray): Boolean = try {
        lists.decode(if (readsText) Payload.Text(bytes.decodeToString()) else Payload.Binary(bytes)) == elements
    } catch (e: Exception) {
        false
    }

    /** What one request took: the whole of it, the client's encoding and the server's decoding (as it reported). */
    class Timing(val requestNanos: Long, val encodeNanos: Long, val serverDecodeNanos: Long)

    /**
     * Encodes the list, uploads it through [client] and checks the answer: status 200, the digest of the list
     * sent, and the server's decode time. The time runs from the start of encoding to the end of reading the
     * answer. Throws [IllegalStateException] naming the codec, shape and size on any other answer.
     */
    fun send(client: UploadClient): Timing {
        val startNanos = System.nanoTime()
        val bytes = lists.encode(elements).toByteArray()
        val encodedNanos = System.nanoTime()
        val response = client.upload(codec.id, shape.id, contentType, bytes, elements.size, checksum)
        val endNanos = System.nanoTime()
        check(response.status == 200) { "$where: the server answered ${response.status}: ${response.body}" }
        val digest = UploadDigest.parse(response.body)
        check(digest == UploadDigest(elements.size, checksum)) {
            "$where: the server's digest '${response.body}' is not the list's (${UploadDigest(
                elements.size,
                checksum,
            ).format()})"
        }
        val decodeNanos =
            checkNotNull(response.decodeNanos) { "$where: the answer has no ${UploadProtocol.DECODE_NANOS} header" }
        return Timing(endNanos - startNanos, encodedNanos - startNanos, decodeNanos)
    }

    override fun toString(): String = where
}
