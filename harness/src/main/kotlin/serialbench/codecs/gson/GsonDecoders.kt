package serialbench.codecs.gson

import com.google.gson.Gson
import com.google.gson.reflect.TypeToken
import com.google.gson.stream.JsonReader
import com.google.gson.stream.JsonToken
import serialbench.data.Shape
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.WholeDocumentDecoder
import java.io.InputStream
import java.io.InputStreamReader
import java.lang.reflect.Type

/** Gson's [JsonReader] over the array, `Gson.fromJson(reader, type)` per element. */
internal class GsonReaderDecoder<T : Any>(private val shape: Shape<T>, private val gson: Gson) :
    LibraryDecoder<T>(
        GsonCodec.ID,
        "reader",
        StreamingDecoder.Kind.STREAMING,
        "JsonReader.beginArray(), Gson.fromJson(reader, type) per element",
        unboundedMemory = null,
    ) {
    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private val reader = JsonReader(InputStreamReader(input, Charsets.UTF_8))
        private var started = false

        override fun hasNext(): Boolean {
            if (!started) {
                reader.beginArray()
                started = true
            }
            if (reader.hasNext()) return true
            reader.endArray()
            val after = reader.peek()
            if (after != JsonToken.END_DOCUMENT) {
                throw IllegalArgumentException("content after the end of the array: $after at $reader")
            }
            return false
        }

        override fun next(): T? = gson.fromJson(reader, shape.elementClass)

        override fun close() = reader.close()
    }
}

/** `Gson.fromJson(reader, listType)` of the whole list. */
internal class GsonWholeDocumentDecoder<T : Any>(shape: Shape<T>, private val gson: Gson) :
    WholeDocumentDecoder<T>(GsonCodec.ID, "Gson.fromJson(InputStreamReader(stream), listType)") {
    private val listType: Type = TypeToken.getParameterized(List::class.java, shape.elementClass).type

    override fun decodeAll(input: InputStream): List<T>? =
        gson.fromJson(InputStreamReader(input, Charsets.UTF_8), listType)
}
