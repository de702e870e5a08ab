package serialbench.io

import java.io.InputStream
import java.io.OutputStream

/** What a [PathCodec] calls: a codec's pair of functions for a `String`, a `ByteArray` or a stream. */
internal sealed interface PathWay<T : Any> {
    class Text<T : Any>(val encode: (List<T>) -> String, val decode: (String) -> List<T>) : PathWay<T>

    class Bytes<T : Any>(val encode: (List<T>) -> ByteArray, val decode: (ByteArray) -> List<T>) : PathWay<T>

    class Stream<T : Any>(val write: (List<T>, OutputStream) -> Unit, val read: (InputStream) -> List<T>) : PathWay<T>
}
