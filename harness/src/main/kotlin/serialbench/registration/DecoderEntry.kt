package serialbench.registration

import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.data.Shape
import serialbench.stream.DecoderSupport

/**
 * One decoder from a stream of a codec ([CodecRegistration.decoders]), made per codec instance and shape; its label
 * `codec/id` is a contract.
 */
class DecoderEntry(
    val codec: String,
    val id: String,
    private val create: (codec: Codec, shape: Shape<*>) -> DecoderSupport<*>,
) {
    val label: String get() = "$codec/$id"

    /**
     * This decoder over [codec] (an instance of the codec this entry names) for [shape], or why it cannot decode
     * it. The decoder uses the codec's library instance: close the codec only after the decoder is done.
     */
    @Suppress("UNCHECKED_CAST")
    fun <T : Any> support(codec: Codec, shape: Shape<T>): DecoderSupport<T> {
        require(codec.id == this.codec) { "decoder $label needs codec ${this.codec}, got ${codec.id}" }
        if (codec.support(shape) is ShapeSupport.Unsupported) {
            return DecoderSupport.Unsupported(this.codec, id, "codec ${this.codec} does not carry shape ${shape.id}")
        }
        return create(codec, shape) as DecoderSupport<T>
    }

    override fun toString(): String = label
}
