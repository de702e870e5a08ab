package serialbench.codecs

import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.data.Shape
import serialbench.stream.DecoderSupport
import serialbench.stream.StreamingDecoder
import serialbench.stream.TokenLoop
import serialbench.stream.WholeDocumentDecoder

/**
 * The closed registry of decoders from a stream: for each JSON codec with a stream API, its whole-document
 * decode (`mapper`, the baseline) and every streaming decoder its library offers, each made from the codec's own
 * configured instance (so it reads what the codec writes). Labels (`codec/id`) are a contract: the results file
 * uses them.
 */
object StreamingDecoders {
    /** One decoder of the registry, made per codec instance and shape. */
    class Entry internal constructor(
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

    /** Every decoder, in the codecs' report order, the whole-document one of each codec first. */
    val entries: List<Entry> by lazy { Codecs.registrations.flatMap { it.decoders } }

    val labels: List<String> get() = entries.map { it.label }

    /** The decoders of [codecs] (codec ids), in registry order. */
    fun of(codecs: Collection<String>): List<Entry> = entries.filter { it.codec in codecs }

    /** The entry `codec/id`; an unknown label fails with the valid ones. */
    fun byLabel(label: String): Entry = entries.firstOrNull { it.label == label }
        ?: throw IllegalArgumentException("unknown decoder '$label'; valid decoders: ${labels.joinToString(", ")}")

    init {
        check(entries.map { it.label }.distinct().size == entries.size) { "two decoders share a label" }
    }

    internal fun <T : Any> supported(decoder: StreamingDecoder<T>): DecoderSupport<T> = DecoderSupport.Supported(decoder)

    /**
     * [decoder] if it reads the shape's adversarial data as [codec] writes it. fastjson2 2.0.64 reading UTF-8 bytes
     * (its stream API) refuses some base64 strings of the `upload` shape ("invalid base64 string") that it reads from
     * a `String`, as the codec does: such a shape is not supported, with the library's message as the reason.
     */
    internal fun <T : Any> probed(codec: Codec, shape: Shape<T>, make: (Shape<T>) -> StreamingDecoder<T>): DecoderSupport<T> {
        val decoder = make(shape)
        val lists = (codec.support(shape) as ShapeSupport.Supported).codec
        val failure = try {
            val decoded = decoder.open(lists.encode(shape.adversarial).toByteArray().inputStream()).use { it.asSequence().toList() }
            check(decoded == shape.adversarial) { "the adversarial data decoded differently" }
            null
        } catch (e: Exception) {
            // an Error (out of memory, a linkage problem) is not a library's limit: it propagates
            e
        } ?: return DecoderSupport.Supported(decoder)
        decoder.close()
        val cause: Throwable = generateSequence<Throwable>(failure) { it.cause }.last()
        return DecoderSupport.Unsupported(
            codec.id, decoder.id,
            "reading UTF-8 bytes, the library fails on this shape's adversarial data, which it reads from a String: " +
                "${cause.javaClass.simpleName}: " + cause.message.orEmpty().lineSequence().first().take(MESSAGE_CHARS),
        )
    }

    private const val MESSAGE_CHARS = 200

}
