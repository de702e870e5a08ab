package serialbench.stream

import java.io.InputStream

/** A [StreamingDecoder] whose library adapter is an [ElementReader] over the counted input. */
internal abstract class LibraryDecoder<T : Any>(
    final override val codec: String,
    final override val id: String,
    final override val kind: StreamingDecoder.Kind,
    final override val api: String,
    final override val unboundedMemory: String?,
) : StreamingDecoder<T> {
    final override fun open(input: InputStream): DecodedElements<T> =
        DecodedElements(label, CountingInputStream(input)) { counted -> reader(counted) }

    /** The library's reader of one array from [input]. */
    protected abstract fun reader(input: InputStream): ElementReader<T>

    override fun toString(): String = label
}

/**
 * A "mapper": decodes the whole list with [decodeAll] on the first [hasNext], then hands its elements over.
 * The first element therefore comes only once the whole input is decoded.
 */
internal abstract class WholeDocumentDecoder<T : Any>(codec: String, api: String, unboundedMemory: String = UNBOUNDED) :
    LibraryDecoder<T>(codec, ID, StreamingDecoder.Kind.WHOLE_DOCUMENT, api, unboundedMemory) {

    /** The whole list, or an exception naming what is wrong. */
    protected abstract fun decodeAll(input: InputStream): List<T>?

    final override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private var elements: Iterator<T>? = null

        override fun hasNext(): Boolean {
            val iterator =
                elements ?: (decodeAll(input) ?: throw IllegalArgumentException("no JSON array in the input"))
                    .iterator().also { elements = it }
            return iterator.hasNext()
        }

        override fun next(): T? = checkNotNull(elements).next()

        override fun close() {}
    }

    companion object {
        const val ID = "mapper"
        const val UNBOUNDED = "decodes the whole list before handing over its first element"
    }
}
