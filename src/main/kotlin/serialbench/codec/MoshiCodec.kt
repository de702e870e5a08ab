package serialbench.codec

import com.squareup.moshi.JsonAdapter
import com.squareup.moshi.JsonDataException
import com.squareup.moshi.JsonReader
import com.squareup.moshi.JsonWriter
import com.squareup.moshi.Moshi
import com.squareup.moshi.Types
import com.squareup.moshi.kotlin.reflect.KotlinJsonAdapterFactory
import java.util.Base64
import serialbench.data.Shape

/**
 * Moshi with its reflective Kotlin adapter (`moshi-kotlin`; the faster code-generated adapters need kapt or
 * KSP, which this build does not use). One adapter per shape's list type is built once and reused. A `ByteArray`
 * is a standard base64 string, as the other JSON codecs write it (Moshi has no adapter of its own for it).
 */
class MoshiCodec : Codec {
    private val moshi: Moshi = Moshi.Builder()
        .add(ByteArray::class.java, Base64Adapter.nullSafe())
        .addLast(KotlinJsonAdapterFactory())
        .build()
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(Lists(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "Moshi"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    private inner class Lists<T : Any>(shape: Shape<T>) : ListCodec<T> {
        private val adapter: JsonAdapter<List<T>> = moshi.adapter(Types.newParameterizedType(List::class.java, shape.elementClass))

        override fun encode(objects: List<T>): Payload = Payload.Text(adapter.toJson(objects))

        override fun decode(payload: Payload): List<T> =
            adapter.fromJson(payload.toText()) ?: throw IllegalArgumentException("codec $ID: no JSON array in the input")
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
