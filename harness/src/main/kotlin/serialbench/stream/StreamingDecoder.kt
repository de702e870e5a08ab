package serialbench.stream

import java.io.InputStream

/**
 * Decodes a JSON array read from an [InputStream] and hands its elements over one at a time, in order, with one
 * library's own API. A [Kind.STREAMING] decoder hands the first element over before the rest of the input is
 * decoded; a [Kind.WHOLE_DOCUMENT] decoder (a "mapper", the baseline) decodes the whole list first.
 *
 * Contract:
 * - [open] returns [DecodedElements] over exactly the elements of the array, equal to what the [codec]'s
 *   `ListCodec` decodes from the same bytes.
 * - A truncated or malformed input fails with [StreamDecodeException], naming the element index and how far
 *   into the input; the elements handed over before it are the complete elements before the failure, for a
 *   whole-document decoder none.
 * - Thread safe: [open] may be called from several threads at once; each [DecodedElements] belongs to the
 *   thread that uses it.
 * - Closing the [DecodedElements] closes the library's reader, which may close the input stream.
 */
interface StreamingDecoder<T : Any> : AutoCloseable {
    /** The codec (a `Codecs` id) whose library and configuration this decoder uses, and whose output it reads. */
    val codec: String

    /** Stable id of the way of decoding, unique per [codec]: `mapper`, `sequence`, `token-loop`, ... */
    val id: String

    val kind: Kind

    /** The library API used, for the report: `Json.decodeToSequence(stream, ARRAY_WRAPPED)`. */
    val api: String

    /**
     * Why this decoder holds the whole input or the whole list in memory, whatever the caller does with each
     * element; `null` when its memory stays bounded if each element is dropped once handed over.
     */
    val unboundedMemory: String?

    /** The library has no API for a stream, so the harness adapts it (reads the stream into memory first). */
    val adapted: Boolean get() = false

    /** Reads the array from [input], lazily for a streaming decoder. */
    fun open(input: InputStream): DecodedElements<T>

    /** Releases what the decoder owns (a thread pool); the default owns nothing. */
    override fun close() {}

    /** `codec/id`, as reports and error messages name a decoder. */
    val label: String get() = "$codec/$id"

    enum class Kind(val displayName: String) {
        STREAMING("streaming"),
        WHOLE_DOCUMENT("whole document"),
    }
}
