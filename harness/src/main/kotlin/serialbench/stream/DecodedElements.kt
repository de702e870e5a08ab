package serialbench.stream

/**
 * The elements of one JSON array, handed over one at a time by a [StreamingDecoder]. Counts what it hands over,
 * so a failure names the element index; after a failure every call throws the same [StreamDecodeException]
 * (never a silent end). A JSON `null` element is a failure: lists here hold no nulls. Used by one thread.
 */
class DecodedElements<T : Any> internal constructor(
    private val decoder: String,
    private val input: CountingInputStream,
    /** Opens the library's reader; called on the first [hasNext], so that its own reads fail with context too. */
    private val open: (CountingInputStream) -> ElementReader<T>,
) : Iterator<T>,
    AutoCloseable {
    private var reader: ElementReader<T>? = null

    /** Elements handed over so far. */
    var count: Int = 0
        private set

    private var failure: StreamDecodeException? = null
    private var found = false
    private var ended = false

    override fun hasNext(): Boolean {
        failure?.let { throw it }
        if (found) return true
        if (ended) return false
        guarded {
            val opened = reader ?: open(input).also { reader = it }
            if (opened.hasNext()) found = true else ended = true
        }
        return found
    }

    override fun next(): T {
        if (!hasNext()) throw NoSuchElementException("$decoder: the array has no element after its $count")
        found = false
        val element = guarded { checkNotNull(reader).next() ?: throw IllegalArgumentException("element is JSON null") }
        count++
        return element
    }

    /** Hands every remaining element to [action]; returns how many elements were handed over in all. */
    inline fun forEachRemainingElement(action: (T) -> Unit): Int {
        while (hasNext()) action(next())
        return count
    }

    override fun close() {
        reader?.close()
    }

    private inline fun <R> guarded(block: () -> R): R = try {
        block()
    } catch (e: StreamDecodeException) {
        throw e
    } catch (e: Exception) {
        val offset = runCatching { reader?.byteOffset() }.getOrNull()?.takeIf { it >= 0 }
        val wrapped = StreamDecodeException(decoder, count, offset, input.bytesRead, e)
        failure = wrapped
        throw wrapped
    }
}
