package serialbench.stream

/** Whether a streaming decoder handles a shape: the decoder, or the reason it cannot (shown in the report). */
sealed interface DecoderSupport<T : Any> {
    class Supported<T : Any>(val decoder: StreamingDecoder<T>) : DecoderSupport<T>

    class Unsupported<T : Any>(val codec: String, val id: String, val reason: String) : DecoderSupport<T> {
        init {
            require(reason.isNotBlank()) { "an unsupported decoder needs a reason" }
        }
    }
}
