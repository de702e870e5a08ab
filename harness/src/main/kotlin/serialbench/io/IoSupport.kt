package serialbench.io

/** Whether a codec carries a shape over an I/O path: the [PathCodec] that does, or the reason it cannot. */
sealed interface IoSupport<T : Any> {
    class Supported<T : Any>(val codec: PathCodec<T>) : IoSupport<T>

    class Unsupported<T : Any>(val reason: String) : IoSupport<T> {
        init {
            require(reason.isNotBlank()) { "an unsupported path needs a reason" }
        }
    }
}
