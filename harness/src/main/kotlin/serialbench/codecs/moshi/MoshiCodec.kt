package serialbench.codecs.moshi

import com.squareup.moshi.JsonAdapter
import com.squareup.moshi.JsonDataException
import com.squareup.moshi.JsonReader
import com.squareup.moshi.JsonWriter
import com.squareup.moshi.Moshi
import com.squareup.moshi.Types
import com.squareup.moshi.kotlin.reflect.KotlinJsonAdapterFactory
import okio.buffer
import okio.sink
import okio.source
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
import java.io.OutputStream
import java.util.Base64

/**
 * Moshi with its reflective Kotlin adapter (`moshi-kotlin`; the faster code-generated adapters need kapt or
 * KSP, which this build does not use). One adapter per shape's list type is built once and reused. A `ByteArray`
 * is a standard base64 string, as the other JSON codecs write it (Moshi has no adapter of its own for it). Its
 * stream API is Okio's: `toJson(BufferedSink)`/`fromJson(BufferedSource)` over the stream's sink and source.
 */
class MoshiCodec : Codec {
    /** The configured instance, shared with this codec's decoders from a stream. */
    internal val moshi: Moshi = Moshi.Builder()
        .add(ByteArray::class.java, Base64Adapter.nullSafe())
        .addLast(KotlinJsonAdapterFactory())
        .build()
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(carry(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "Moshi"
    override val binding: String
        get() = "the reflective Kotlin adapter (`KotlinJsonAdapterFactory`, `moshi-kotlin`)"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { Lists(shape) }, { Document(shape) })

    private inner class Lists<T : Any>(private val shape: Shape<T>) :
        ListCodec<T>,
        StreamApi<T> {
        private val adapter: JsonAdapter<List<T>> = moshi.adapter(
            Types.newParameterizedType(List::class.java, shape.elementClass),
        )

        override fun encode(objects: List<T>): Payload = Payload.Text(adapter.toJson(objects))

        override fun decode(payload: Payload): List<T> = checkedElements(
            ID,
            shape,
            adapter.fromJson(payload.toText()) ?: noArray(),
        )

        override fun encodeTo(objects: List<T>, output: OutputStream) {
            val sink = output.sink().buffer()
            adapter.toJson(sink, objects)
            sink.flush()
        }

        override fun decodeFrom(input: InputStream): List<T> = checkedElements(
            ID,
            shape,
            adapter.fromWholeDocument(input) ?: noArray(),
        )

        private fun noArray(): Nothing = throw IllegalArgumentException("codec $ID: no JSON array in the input")
    }

    private inner class Document<T : Any>(private val shape: Shape<T>) : DocumentCodec<T> {
        private val adapter: JsonAdapter<T> = moshi.adapter(shape.elementClass)

        override fun encodeDocument(document: T): Payload = Payload.Text(adapter.toJson(document))

        override fun decodeDocument(payload: Payload): T =
            checkedDocument(ID, shape, adapter.fromJson(payload.toText()))
    }

    private object Base64Adapter : JsonAdapter<ByteArray>() {
        override fun toJson(writer: JsonWriter, value: ByteArray?) {
            writer.value(Base64.getEncoder().encodeToString(value))
        }

        override fun fromJson(reader: JsonReader): ByteArray {
            val path = reader.path
            val text = reader.nextString()
            return try {
                Base64.getDecoder().decode(text)
            } catch (e: IllegalArgumentException) {
                throw JsonDataException("a byte array must be a standard base64 string at $path: ${e.message}", e)
            }
        }
    }

    companion object {
        const val ID = "moshi"
    }
}

/**
 * The value of [input] read to its end: Moshi's `fromJson(String)` refuses content after the value, its
 * `fromJson(BufferedSource)` does not, so this checks for the end of the document as the former does.
 */
internal fun <T> JsonAdapter<T>.fromWholeDocument(input: InputStream): T? {
    val reader = JsonReader.of(input.source().buffer())
    val value = fromJson(reader)
    if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw JsonDataException("JSON document was not fully consumed: ${reader.peek()} at path ${reader.path}")
    }
    return value
}
