package serialbench.codecs.moshi

import com.squareup.moshi.JsonAdapter
import com.squareup.moshi.JsonReader
import com.squareup.moshi.Moshi
import com.squareup.moshi.Types
import okio.buffer
import okio.source
import serialbench.data.Shape
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.WholeDocumentDecoder
import java.io.InputStream

/** Moshi's [JsonReader] over the array, the element adapter's `fromJson(reader)` per element. */
internal class MoshiReaderDecoder<T : Any>(shape: Shape<T>, moshi: Moshi) :
    LibraryDecoder<T>(
        MoshiCodec.ID,
        "reader",
        StreamingDecoder.Kind.STREAMING,
        "JsonReader.of(source).beginArray(), adapter.fromJson(reader) per element",
        unboundedMemory = null,
    ) {
    private val adapter: JsonAdapter<T> = moshi.adapter(shape.elementClass)

    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private val reader = JsonReader.of(input.source().buffer())
        private var started = false

        override fun hasNext(): Boolean {
            if (!started) {
                reader.beginArray()
                started = true
            }
            if (reader.hasNext()) return true
            reader.endArray()
            val after = reader.peek()
            if (after != JsonReader.Token.END_DOCUMENT) {
                throw IllegalArgumentException("content after the end of the array: $after at path ${reader.path}")
            }
            return false
        }

        override fun next(): T? = adapter.fromJson(reader)

        override fun close() = reader.close()
    }
}

/** The list adapter's `fromJson(source)` of the whole list. */
internal class MoshiWholeDocumentDecoder<T : Any>(shape: Shape<T>, moshi: Moshi) :
    WholeDocumentDecoder<T>(
        MoshiCodec.ID,
        "JsonAdapter<List<T>>.fromJson(JsonReader.of(stream.source().buffer())), then the end of the document",
    ) {
    private val listAdapter: JsonAdapter<List<T>> = moshi.adapter(
        Types.newParameterizedType(List::class.java, shape.elementClass),
    )

    override fun decodeAll(input: InputStream): List<T>? = listAdapter.fromWholeDocument(input)
}
