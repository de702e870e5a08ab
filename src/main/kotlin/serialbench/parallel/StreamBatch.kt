package serialbench.parallel

/** What a [StreamBatcher] hands on, in stream order: a run of whole elements, or the end of the input. */
internal sealed interface StreamPart {
    /**
     * A batch: `bytes[textStart, textEnd)` is a JSON array text (`[`, whole elements separated by commas, `]`)
     * whose bytes are those of the stream from [streamOffset] + [textStart] on, bracket for bracket (the
     * brackets were written over the commas around the elements). Element `k` of the batch is
     * `bytes[elementStarts[k], elementEnds[k])`, element [firstIndex] + `k` of the stream.
     */
    class Batch(
        val bytes: ByteArray,
        val textStart: Int,
        val textEnd: Int,
        val streamOffset: Long,
        val firstIndex: Long,
        val elementStarts: IntArray,
        val elementEnds: IntArray,
    ) : StreamPart {
        val count: Int get() = elementStarts.size
    }

    /** The input cannot be read on, after the elements before: [error] makes the exception to throw. */
    class Failure(val error: () -> Throwable) : StreamPart
}
