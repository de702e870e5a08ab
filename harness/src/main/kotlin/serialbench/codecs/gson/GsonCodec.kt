package serialbench.codecs.gson

import com.google.gson.Gson
import com.google.gson.GsonBuilder
import com.google.gson.JsonParseException
import com.google.gson.TypeAdapter
import com.google.gson.reflect.TypeToken
import com.google.gson.stream.JsonReader
import com.google.gson.stream.JsonWriter
import serialbench.codec.Codec
import serialbench.codec.DocumentCodec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.StreamApi
import serialbench.codec.checkedDocument
import serialbench.codec.checkedElements
import serialbench.codec.listsOrDocument
import serialbench.data.Shape
import java.io.InputStream
import java.io.InputStreamReader
import java.io.OutputStream
import java.io.OutputStreamWriter
import java.lang.reflect.Type
import java.util.Base64

/**
 * Gson with its defaults, one instance and one list [Type] per shape reused (Gson is thread safe), plus an
 * adapter that writes a `ByteArray` as a standard base64 string, as the other JSON codecs do (Gson's default is
 * an array of numbers). The adapter writes the base64 text verbatim: its alphabet needs no JSON escape, and
 * Gson's default HTML-safe escaping would turn the `=` padding into `\u003d`, which DSL-JSON's base64 reader
 * does not accept. Its stream API is its `Writer`/`Reader` one (`toJson(obj, type, Appendable)`,
 * `fromJson(Reader, type)`), over the stream as UTF-8.
 */
class GsonCodec : Codec {
    /** The configured instance, shared with this codec's decoders from a stream. */
    internal val gson: Gson = GsonBuilder().registerTypeAdapter(
        ByteArray::class.java,
        Base64Adapter.nullSafe(),
    ).create()
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(carry(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "Gson"
    override val binding: String
        get() = "its defaults: reflection on fields, a `TypeToken` of `List<T>`"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { Lists(shape) }, { Document(shape) })

    private inner class Lists<T : Any>(private val shape: Shape<T>) :
        ListCodec<T>,
        StreamApi<T> {
        private val listType: Type = TypeToken.getParameterized(List::class.java, shape.elementClass).type

        override fun encode(objects: List<T>): Payload = Payload.Text(gson.toJson(objects, listType))

        override fun decode(payload: Payload): List<T> =
            checkedElements(ID, shape, gson.fromJson<List<T>>(payload.toText(), listType) ?: noArray())

        override fun encodeTo(objects: List<T>, output: OutputStream) {
            val writer = OutputStreamWriter(output, Charsets.UTF_8)
            gson.toJson(objects, listType, writer)
            writer.flush()
        }

        override fun decodeFrom(input: InputStream): List<T> = checkedElements(
            ID,
            shape,
            gson.fromJson<List<T>>(InputStreamReader(input, Charsets.UTF_8), listType) ?: noArray(),
        )

        private fun noArray(): Nothing = throw IllegalArgumentException("codec $ID: no JSON array in the input")
    }

    private inner class Document<T : Any>(private val shape: Shape<T>) : DocumentCodec<T> {
        override fun encodeDocument(document: T): Payload = Payload.Text(gson.toJson(document, shape.elementClass))

        override fun decodeDocument(payload: Payload): T =
            checkedDocument(ID, shape, gson.fromJson(payload.toText(), shape.elementClass))
    }

    private object Base64Adapter : TypeAdapter<ByteArray>() {
        override fun write(out: JsonWriter, value: ByteArray) {
            out.jsonValue("\"" + Base64.getEncoder().encodeToString(value) + "\"")
        }

        override fun read(reader: JsonReader): ByteArray {
            val path = reader.previousPath
            val text = reader.nextString()
            return try {
                Base64.getDecoder().decode(text)
            } catch (e: IllegalArgumentException) {
                throw JsonParseException("a byte array must be a standard base64 string at $path: ${e.message}", e)
            }
        }
    }

    companion object {
        const val ID = "gson"
    }
}
