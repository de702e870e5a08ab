package serialbench.codecs.dsljson

import com.dslplatform.json.DslJson
import com.dslplatform.json.JsonReader
import serialbench.data.Shape
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.WholeDocumentDecoder
import java.io.InputStream

/**
 * DSL-JSON's [JsonReader] over a stream, read in chunks, and the element's `ReadObject` per element. (DSL-JSON's
 * `iterateOver(Class, stream)` does the same, but reads the separator after an element before handing it over,
 * and ignores what follows the array.)
 */
internal class DslJsonReaderDecoder<T : Any>(
    private val readObject: JsonReader.ReadObject<T>,
    private val dslJson: DslJson<Any>,
) : LibraryDecoder<T>(
    DslJsonCodec.ID,
    "reader",
    StreamingDecoder.Kind.STREAMING,
    "DslJson.newReader(stream, buffer), ReadObject.read(reader) per element",
    unboundedMemory = null,
) {
    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private val reader: JsonReader<Any> = dslJson.newReader(input, ByteArray(DslJsonCodec.STREAM_BUFFER_BYTES))
        private var started = false

        override fun hasNext(): Boolean {
            val token = reader.getNextToken()
            if (!started) {
                if (token != '['.code.toByte()) throw reader.newParseError("expected the start of an array")
                started = true
                return reader.getNextToken() != ']'.code.toByte() || refuseTrailingContent()
            }
            return when (token) {
                ','.code.toByte() -> true.also { reader.getNextToken() }
                ']'.code.toByte() -> refuseTrailingContent()
                else -> throw reader.newParseError("expected ',' or the end of the array")
            }
        }

        override fun next(): T? = readObject.read(reader)

        override fun byteOffset(): Long = reader.positionInStream()

        override fun close() {}

        private fun refuseTrailingContent(): Boolean {
            reader.refuseTrailingContent()
            return false
        }
    }

    companion object {
        /** The decoder for [shape], or `null` when DSL-JSON finds no reader for its elements. */
        fun <T : Any> of(shape: Shape<T>, dslJson: DslJson<Any>): DslJsonReaderDecoder<T>? =
            dslJson.tryFindReader(shape.elementClass)?.let { DslJsonReaderDecoder(it, dslJson) }
    }
}

/**
 * DSL-JSON's collection reader over the whole list, as `deserializeList(Class, stream)` reads it, and nothing after it.
 */
internal class DslJsonWholeDocumentDecoder<T : Any>(private val shape: Shape<T>, private val dslJson: DslJson<Any>) :
    WholeDocumentDecoder<T>(
        DslJsonCodec.ID,
        "DslJson.newReader(stream, buffer).deserializeNullableCollection, then the end of the input",
    ) {
    override fun decodeAll(input: InputStream): List<T>? =
        dslJson.readWholeList(shape.elementClass, dslJson.newReader(input, ByteArray(DslJsonCodec.STREAM_BUFFER_BYTES)))
}
