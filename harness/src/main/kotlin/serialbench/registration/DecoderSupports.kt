package serialbench.registration

import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.data.Shape
import serialbench.stream.DecoderSupport
import serialbench.stream.StreamingDecoder

/** How a codec's registration says whether one of its decoders from a stream reads a shape. */
object DecoderSupports {
    /** [decoder], which reads every element of the shape. */
    fun <T : Any> supported(decoder: StreamingDecoder<T>): DecoderSupport<T> = DecoderSupport.Supported(decoder)

    /**
     * [decoder] if it reads the shape's adversarial data as [codec] writes it. fastjson2 2.0.64 reading UTF-8 bytes
     * (its stream API) refuses some base64 strings of the `upload` shape ("invalid base64 string") that it reads from
     * a `String`, as the codec does: such a shape is not supported, with the library's message as the reason.
     */
    fun <T : Any> probed(codec: Codec, shape: Shape<T>, make: (Shape<T>) -> StreamingDecoder<T>): DecoderSupport<T> {
        val decoder = make(shape)
        val lists = (codec.support(shape) as ShapeSupport.Supported).codec
        val failure = try {
            val decoded = decoder.open(lists.encode(shape.adversarial).toByteArray().inputStream()).use {
                it.asSequence().toList()
            }
            check(decoded == shape.adversarial) { "the adversarial data decoded differently" }
            null
        } catch (e: Exception) {
            // an Error (out of memory, a linkage problem) is not a library's limit: it propagates
            e
        } ?: return DecoderSupport.Supported(decoder)
        decoder.close()
        val cause: Throwable = generateSequence<Throwable>(failure) { it.cause }.last()
        return DecoderSupport.Unsupported(
            codec.id,
            decoder.id,
            "reading UTF-8 bytes, the library fails on this shape's adversarial data, which it reads from a String: " +
                "${cause.javaClass.simpleName}: " + cause.message.orEmpty().lineSequence().first().take(MESSAGE_CHARS),
        )
    }

    private const val MESSAGE_CHARS = 200
}
