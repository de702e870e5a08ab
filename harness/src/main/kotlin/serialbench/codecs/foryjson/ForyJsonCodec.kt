package serialbench.codecs.foryjson

import org.apache.fory.json.ForyJson
import org.apache.fory.json.codec.Base64ByteArrayCodec
import org.apache.fory.reflect.TypeRef
import org.apache.fory.type.TypeUtils
import serialbench.codec.BytesApi
import serialbench.codec.Codec
import serialbench.codec.DocumentCodec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.checkedDocument
import serialbench.codec.checkedElements
import serialbench.codec.listsOrDocument
import serialbench.data.Shape
import serialbench.data.ShapeKey

/**
 * Apache Fory's JSON codec (`fory-json`, separate from Fory's binary protocol of [ForyCodec]), with its defaults:
 * generated codecs (compiled on first use), one thread-safe instance per shape reused, the list type declared on every
 * call (`TypeRef<List<T>>`). Two settings make it read and write the JSON the other codecs do: a `ByteArray` as a
 * standard base64 string (its default is an array of numbers), and the models' primary constructors as creators,
 * through each shape's [MIXINS] (there is no Fory JSON Kotlin module on the mirror). Like fastjson2 and Gson, it leaves
 * out a null property, which kotlinx reads through the models' defaults.
 *
 * Its own byte API is `toJsonBytes`/`fromJson(ByteArray)`. It has no `InputStream` reader (its `writeJsonTo` buffers
 * the whole document and writes it once, as the bytes path would), so the stream and file paths go through bytes
 * (adapted) and it has no decoder from a stream. `fromJson` refuses content after the value.
 */
class ForyJsonCodec : Codec {
    private val supports = ShapeSupportCache { shape ->
        if (shape.extension(MIXINS) == null) {
            ShapeSupport.Unsupported<Any>(
                "no Fory JSON mixins bound for shape ${shape.id} (Fory JSON reads a class with " +
                    "final fields only through a creator)",
            )
        } else {
            ShapeSupport.Supported(carry(shape))
        }
    }

    override val id: String get() = ID
    override val displayName: String get() = "Fory JSON"
    override val binding: String
        get() = "mixins that give a Kotlin class's creator (a built-in shape's binding)"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { Lists(shape) }, { Document(shape) })

    private inner class Lists<T : Any>(private val shape: Shape<T>) :
        ListCodec<T>,
        BytesApi<T> {
        private val listType: TypeRef<List<T>> = TypeUtils.listOf(shape.elementClass)
        private val json: ForyJson = ForyJson.builder()
            .registerCodec(ByteArray::class.java, Base64ByteArrayCodec())
            .apply { shape.extension(MIXINS).orEmpty().forEach { registerMixin(it) } }
            .build()

        override fun encode(objects: List<T>): Payload = Payload.Text(json.toJson(objects, listType))

        override fun decode(payload: Payload): List<T> = checked(json.fromJson(payload.toText(), listType))

        override fun encodeToBytes(objects: List<T>): ByteArray = json.toJsonBytes(objects, listType)

        override fun decodeFromBytes(bytes: ByteArray): List<T> = checked(json.fromJson(bytes, listType))

        private fun checked(decoded: List<T>?): List<T> = checkedElements(
            ID,
            shape,
            decoded
                ?: throw IllegalArgumentException(
                    "codec $ID, shape ${shape.id}: the payload is JSON null, not an array",
                ),
        )
    }

    private inner class Document<T : Any>(private val shape: Shape<T>) : DocumentCodec<T> {
        private val type: TypeRef<T> = TypeRef.of(shape.elementClass)
        private val json: ForyJson = ForyJson.builder()
            .registerCodec(ByteArray::class.java, Base64ByteArrayCodec())
            .apply { shape.extension(MIXINS).orEmpty().forEach { registerMixin(it) } }
            .build()

        override fun encodeDocument(document: T): Payload = Payload.Text(json.toJson(document, type))

        override fun decodeDocument(payload: Payload): T =
            checkedDocument(ID, shape, json.fromJson(payload.toText(), type))
    }

    companion object {
        const val ID = "fory-json"

        /**
         * A shape's mixins: each names the primary constructor of one model class as its creator, with its property
         * names in parameter order. Fory JSON reads immutable classes only through a creator (a Kotlin `val` is a
         * final field, which it does not assign), and it reads neither Jackson's `@JsonCreator` nor Kotlin metadata
         * (`fory-json-kotlin` would be the Kotlin support, and it does not resolve from the Maven mirror used here).
         */
        val MIXINS = ShapeKey<List<Class<*>>>("Fory JSON mixins")
    }
}
