package serialbench.codec

import java.io.InputStream
import java.io.OutputStream

/*
 * A library's own API for one way a payload travels, implemented by the [ListCodec] of a library that has it. The
 * I/O paths of the benchmark (`serialbench.io`) call it for that path; where a list codec lacks one, they adapt
 * another of its APIs and mark the measurement "adapted". Each has the [ListCodec] contract: thread safe, an exact
 * round trip, a bad input failing with the library's own exception, never a partial list.
 */

/** The library writes a `ByteArray` and reads one, without a `String` in between. */
interface BytesApi<T : Any> {
    fun encodeToBytes(objects: List<T>): ByteArray

    fun decodeFromBytes(bytes: ByteArray): List<T>
}

/**
 * The library writes to an [OutputStream] and reads from an [InputStream]. [encodeTo] leaves everything it wrote
 * in [output] (flushed) and may close it; [decodeFrom] reads the whole list from [input] and may close it.
 */
interface StreamApi<T : Any> {
    fun encodeTo(objects: List<T>, output: OutputStream)

    fun decodeFrom(input: InputStream): List<T>
}
