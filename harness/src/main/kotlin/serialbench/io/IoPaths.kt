package serialbench.io

import serialbench.codec.BytesApi
import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.StreamApi
import serialbench.data.Shape
import serialbench.data.isOneDocument
import serialbench.results.IoPath
import java.io.File

/**
 * How each codec carries a shape over each [IoPath] (`bench.io`): its library's own API for the path where the
 * library has one, else an adaptation of another, marked [PathCodec.adapted]:
 * - `string`: the codec's text payload (JSON codecs); a JSON codec that works on bytes (DSL-JSON) is adapted through
 *   UTF-8; a binary codec is not supported ([BINARY_FORMAT]).
 * - `bytes`: the library's [BytesApi], or the codec's byte payload; a text payload is adapted through UTF-8.
 * - `stream` and `file`: the library's [StreamApi]; else the `bytes` path written to the stream, or the stream read
 *   into bytes first.
 *
 * Every path is checked on the shape's adversarial data before it is offered: a library that fails there on one
 * path (fastjson2 reading some base64 from UTF-8 bytes, for example) gets an [IoSupport.Unsupported] with its
 * message, not a measurement.
 */
object IoPaths {
    /** Why a binary codec has no `string` path. */
    const val BINARY_FORMAT = "binary format"

    /** The longest piece of a library's message kept in a reason. */
    private const val MESSAGE_CHARS = 200

    /** [codec] on [shape] over [path], its `file` path's files in [scratch]; or why not. */
    fun <T : Any> support(codec: Codec, shape: Shape<T>, path: IoPath, scratch: File): IoSupport<T> {
        val lists = when (val support = codec.support(shape)) {
            is ShapeSupport.Supported -> support.codec
            is ShapeSupport.Unsupported -> return IoSupport.Unsupported(support.reason)
        }
        // a one-document shape's codec carries exactly one document, not an empty list
        val text = lists.encode(if (shape.isOneDocument) shape.generate(0, 1) else emptyList()) is Payload.Text
        val (way, adapted) = when (path) {
            IoPath.STRING -> when {
                codec.format != Codec.Format.JSON -> return IoSupport.Unsupported(BINARY_FORMAT)

                text -> PathWay.Text<T>({
                    (lists.encode(it) as Payload.Text).text
                }, { lists.decode(Payload.Text(it)) }) to
                    false

                else -> PathWay.Text<T>({
                    lists.encode(it).toText()
                }, { lists.decode(Payload.Binary(it.encodeToByteArray())) }) to
                    true
            }

            IoPath.BYTES -> bytesWay(lists, text)

            IoPath.STREAM, IoPath.FILE -> {
                @Suppress("UNCHECKED_CAST")
                val api = lists as? StreamApi<T>
                if (api != null) {
                    PathWay.Stream<T>(api::encodeTo, api::decodeFrom) to false
                } else {
                    val bytes = bytesWay(lists, text).first
                    PathWay.Stream<T>({ objects, output ->
                        output.write(bytes.encode(objects))
                    }, { input -> bytes.decode(input.readAllBytes()) }) to
                        true
                }
            }
        }
        val pathCodec = PathCodec(codec.id, shape.id, path, adapted, way, scratch)
        val failure = try {
            val decoded = pathCodec.decodeFromBytes(pathCodec.encodeToBytes(shape.adversarial))
            check(decoded == shape.adversarial) { "the adversarial data decoded differently" }
            null
        } catch (e: Exception) {
            // an Error (out of memory, a linkage problem) is not a library's limit: it propagates
            e
        } ?: return IoSupport.Supported(pathCodec)
        val cause: Throwable = generateSequence<Throwable>(failure) { it.cause }.last()
        return IoSupport.Unsupported(
            "the library fails on this shape's adversarial data over this path: " +
                "${cause.javaClass.simpleName}: " + cause.message.orEmpty().lineSequence().first().take(MESSAGE_CHARS),
        )
    }

    private fun <T : Any> bytesWay(lists: ListCodec<T>, text: Boolean): Pair<PathWay.Bytes<T>, Boolean> {
        @Suppress("UNCHECKED_CAST")
        val api = lists as? BytesApi<T>
        return when {
            api != null -> PathWay.Bytes<T>(api::encodeToBytes, api::decodeFromBytes) to false

            !text -> PathWay.Bytes<T>({
                (lists.encode(it) as Payload.Binary).bytes
            }, { lists.decode(Payload.Binary(it)) }) to
                false

            else -> PathWay.Bytes<T>({
                lists.encode(it).toByteArray()
            }, { lists.decode(Payload.Text(it.decodeToString())) }) to
                true
        }
    }
}
