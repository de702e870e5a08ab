package serialbench.parallel.internal.stream

import java.io.ByteArrayInputStream
import java.io.InputStream
import java.io.SequenceInputStream

/** What a [StreamBatcher] hands on, in stream order: a run of whole elements, or the end of the input. */
internal sealed interface StreamPart {
    /**
     * A batch: `bytes[textStart, textEnd)` is a JSON array text (`[`, elements separated by commas, `]`) whose
     * bytes are those of the stream from [streamOffset] + [textStart] on, bracket for bracket (the brackets were
     * written over the commas around the elements: [openedAtComma], [closedAtComma]).
     *
     * When its cuts were found by the exact scan, element `k` of the batch is `bytes[elementStarts[k],
     * elementEnds[k])`, element [firstIndex] + `k` of the stream. When its cuts were guessed, [elementStarts] and
     * [elementEnds] are null and [firstIndex] is unknown (-1): only decoding the batches in order proves a
     * guessed cut right (see [StreamDecoder]); the last guessed batch runs to the end of the stream, unclosed.
     */
    class Batch(
        val bytes: ByteArray,
        val textStart: Int,
        val textEnd: Int,
        val streamOffset: Long,
        val firstIndex: Long,
        val elementStarts: IntArray?,
        val elementEnds: IntArray?,
        val openedAtComma: Boolean,
        val closedAtComma: Boolean,
    ) : StreamPart {
        val guessed: Boolean get() = elementStarts == null

        /**
         * The stream's own bytes of this batch: from its opening comma (or the array's `[`) to before its closing
         * comma.
         */
        fun original(): InputStream {
            val first = byteArrayOf((if (openedAtComma) ',' else '[').code.toByte())
            val end = if (closedAtComma) textEnd - 1 else textEnd
            val elements = ByteArrayInputStream(bytes, textStart + 1, end - textStart - 1)
            return SequenceInputStream(ByteArrayInputStream(first), elements)
        }
    }

    /** The input cannot be read on, after the elements before: [error] makes the exception to throw. */
    class Failure(val error: () -> Throwable) : StreamPart

    /** No cut could be guessed near the batch size from here on: the rest must be cut by the exact scan. */
    object Unguessable : StreamPart
}
