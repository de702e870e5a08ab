package serialbench.http

import io.ktor.http.URLDecodeException
import io.ktor.http.decodeURLPart
import serialbench.codec.Codec

/**
 * What the client and the server agree on. A request is `POST /upload/{codec}/{shape}` whose body is the
 * codec's payload of a list, with the list's element count and [ContentChecksum] in [ELEMENTS] and [CHECKSUM]
 * (optional: without them the server checks nothing but that the body decodes). The server answers 200 with
 * the [UploadDigest] of what it decoded as the body and its decode time in [DECODE_NANOS]; or 400 (the body
 * does not decode, or does not match the headers), 404 (no such codec or shape here), 413 (the body is over
 * the server's limit), each with a plain-text message naming the codec, the shape and what is wrong; any other
 * request 404 (no such route) or 405 (another method than POST on an upload's path), naming what it takes.
 */
object UploadProtocol {
    const val ELEMENTS = "X-Elements"
    const val CHECKSUM = "X-Checksum"
    const val DECODE_NANOS = "X-Decode-Nanos"

    fun path(codec: String, shape: String): String = "/upload/$codec/$shape"

    /**
     * The codec and shape a request's [uri] names, or null if it is not an upload's: its path decoded, empty segments
     * skipped, as the server's routing reads it (`//upload/a%2Db/flat` is codec `a-b`'s).
     */
    fun codecAndShape(uri: String): Pair<String, String>? {
        val segments = try {
            uri.substringBefore('?').split('/').filter { it.isNotEmpty() }.map { it.decodeURLPart() }
        } catch (_: URLDecodeException) {
            return null
        }
        return if (segments.size == 3 && segments[0] == "upload") segments[1] to segments[2] else null
    }

    /** The content type of a codec's bodies. */
    fun contentType(format: Codec.Format): String = when (format) {
        Codec.Format.JSON -> "application/json"
        Codec.Format.CBOR -> "application/cbor"
        Codec.Format.PROTOBUF -> "application/x-protobuf"
        Codec.Format.BINARY -> "application/octet-stream"
    }
}
