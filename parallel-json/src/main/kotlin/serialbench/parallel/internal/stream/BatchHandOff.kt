package serialbench.parallel.internal.stream

/**
 * The batch a [StreamBatcher] is filling and the parts it has handed on: where the batch opens ([open]), how
 * long it is to be ([targetBytes]: [FIRST_BATCH_BYTES], or [batchBytes] if smaller, then twice as long each
 * batch up to about [batchBytes]), the stream index of the next exact batch's first element ([firstIndex]),
 * and the parts ready to be taken, in stream order.
 *
 * Contract: a batch's brackets are written over the bytes at its opening and closing positions (the array's
 * `[`, a comma or the `]`), so the caller hands on bytes it will not read again. Not thread safe.
 */
internal class BatchHandOff(private val batchBytes: Int, firstIndex: Long, open: Int) {
    /** The byte before the batch's first element, in the input's buffer: the array's `[` or the comma before. */
    var open: Int = open

    /** About how long the batch being filled is to be. */
    var targetBytes: Int = minOf(batchBytes, FIRST_BATCH_BYTES)
        private set

    /** Batches handed on so far (a failure's batch aside). */
    var handedOn: Int = 0
        private set

    /** The stream index of the first element of the next batch cut exactly. */
    var firstIndex: Long = firstIndex
        private set

    private val ready = ArrayDeque<StreamPart>()

    val isEmpty: Boolean get() = ready.isEmpty()

    /** The next part handed on, or null. */
    fun take(): StreamPart? = ready.removeFirstOrNull()

    /**
     * Hands on the elements of [bytes] (at stream [offset]) between the commas or brackets at [open] and [close],
     * found by the exact scan: element `k` is `bytes[starts[k], ends[k])`.
     */
    fun exact(bytes: ByteArray, offset: Long, open: Int, close: Int, starts: IntArray, ends: IntArray) {
        val openedAtComma = bytes[open] == COMMA
        val closedAtComma = bytes[close] == COMMA
        bytes[open] = OPEN
        bytes[close] = CLOSE
        ready += StreamPart.Batch(
            bytes, open, close + 1, offset, firstIndex, starts, ends, openedAtComma, closedAtComma,
        )
        firstIndex += starts.size
        handedOn()
    }

    /** Hands on `bytes[open, close]` as a guessed batch: the comma at [close] is guessed to be at the top level. */
    fun guessed(bytes: ByteArray, offset: Long, open: Int, close: Int) {
        val openedAtComma = bytes[open] == COMMA
        bytes[open] = OPEN
        bytes[close] = CLOSE
        ready += StreamPart.Batch(bytes, open, close + 1, offset, -1, null, null, openedAtComma, true)
        handedOn()
    }

    /** Hands on `bytes[open, end)`, the rest of the stream, as the last guessed batch, unclosed. */
    fun lastGuessed(bytes: ByteArray, offset: Long, open: Int, end: Int) {
        val openedAtComma = bytes[open] == COMMA
        bytes[open] = OPEN
        ready += StreamPart.Batch(bytes, open, end, offset, -1, null, null, openedAtComma, false)
        handedOn()
    }

    /**
     * Hands on a copy of `bytes[open, end)`, the whole elements found before a broken outline (element `k` at
     * `[starts[k], ends[k])` of the copy), closed at [end]: the bytes from there on stay for the failure's text.
     */
    fun beforeFailure(bytes: ByteArray, offset: Long, open: Int, end: Int, starts: IntArray, ends: IntArray) {
        val text = ByteArray(end - open + 1)
        bytes.copyInto(text, 0, open, end)
        text[0] = OPEN
        text[text.size - 1] = CLOSE
        ready += StreamPart.Batch(
            text, 0, text.size, offset + open, firstIndex, starts, ends, bytes[open] == COMMA, false,
        )
        firstIndex += starts.size
    }

    /** Hands on [failure], the last part. */
    fun failure(failure: StreamPart.Failure) {
        ready += failure
    }

    /** Hands on [StreamPart.Unguessable], the last part. */
    fun unguessable() {
        ready += StreamPart.Unguessable
    }

    private fun handedOn() {
        handedOn++
        targetBytes = if (targetBytes >= batchBytes / 2) batchBytes else targetBytes * 2
    }

    companion object {
        /** About how long the first batch is: its elements come early. */
        const val FIRST_BATCH_BYTES = 64 * 1024
        const val COMMA = ','.code.toByte()
        private const val OPEN = '['.code.toByte()
        private const val CLOSE = ']'.code.toByte()
    }
}
