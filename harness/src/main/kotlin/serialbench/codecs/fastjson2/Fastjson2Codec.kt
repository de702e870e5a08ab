package serialbench.codecs.fastjson2

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONReader
import com.alibaba.fastjson2.JSONWriter
import com.alibaba.fastjson2.util.ParameterizedTypeImpl
import serialbench.codec.BytesApi
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
import java.lang.reflect.Type

/**
 * fastjson2 with its defaults (its fastest mode needs no configuration): `toJSONString` and `parseArray`,
 * plus `LargeObject`, without which it refuses to write more than 64 M characters (N = 100,000 here), and
 * base64 for a `ByteArray` both ways, as the other JSON codecs write it (its default is an array of numbers).
 * Its own byte and stream APIs are `toJSONBytes`/`parseArray(ByteArray)` and `writeTo(OutputStream)`/
 * `parseObject(InputStream, UTF_8, type)`, with the same features.
 */
class Fastjson2Codec : Codec {
    init {
        KotlinxConstructors.register()
    }

    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(carry(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "fastjson2"
    override val binding: String
        get() = "`JSON.parseArray(text, T::class.java)` and `JSON.toJSONString`: its own reflection (a " +
            "`@Serializable` class without a no-argument constructor is created through its own constructor, not " +
            "the plugin's synthetic one)"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { CheckedLists(shape) }, { Document(shape) })

    /** fastjson2 lists of [elementClass], as [Fastjson2ParallelCodec]'s engine also uses them. */
    class Lists<T : Any>(val elementClass: Class<T>) :
        ListCodec<T>,
        BytesApi<T>,
        StreamApi<T> {
        private val listType: Type = ParameterizedTypeImpl(List::class.java, elementClass)

        init {
            KotlinxConstructors.register()
        }

        override fun encode(objects: List<T>): Payload = Payload.Text(write(objects))

        override fun decode(payload: Payload): List<T> = parse(payload.toText())

        fun write(objects: List<T>): String = JSON.toJSONString(objects, *WRITE_FEATURES)

        /** [write]'s text between its brackets, written so ([fastjson2Elements]). */
        fun writeElements(objects: List<T>): String = fastjson2Elements(objects, WRITE_FEATURES)

        /** fastjson2 returns null for the text `null`; the codec contract wants a list or an error. */
        fun parse(text: String): List<T> = JSON.parseArray(text, elementClass, *READ_FEATURES) ?: noArray()

        override fun encodeToBytes(objects: List<T>): ByteArray = JSON.toJSONBytes(objects, *WRITE_FEATURES)

        override fun decodeFromBytes(bytes: ByteArray): List<T> =
            JSON.parseArray(bytes, elementClass, *READ_FEATURES) ?: noArray()

        override fun encodeTo(objects: List<T>, output: OutputStream) {
            JSON.writeTo(output, objects, *WRITE_FEATURES)
        }

        override fun decodeFrom(input: InputStream): List<T> =
            JSON.parseObject<List<T>>(input, Charsets.UTF_8, listType, *READ_FEATURES) ?: noArray()

        private fun noArray(): Nothing = throw IllegalArgumentException("codec $ID: no JSON array in the input")
    }

    /** [Lists] whose decoded elements are checked: fastjson2 reads a JSON `null` element as a null. */
    private class CheckedLists<T : Any>(private val shape: Shape<T>) :
        ListCodec<T>,
        BytesApi<T>,
        StreamApi<T> {
        private val lists = Lists(shape.elementClass)

        override fun encode(objects: List<T>): Payload = lists.encode(objects)

        override fun decode(payload: Payload): List<T> = checkedElements(ID, shape, lists.decode(payload))

        override fun encodeToBytes(objects: List<T>): ByteArray = lists.encodeToBytes(objects)

        override fun decodeFromBytes(bytes: ByteArray): List<T> =
            checkedElements(ID, shape, lists.decodeFromBytes(bytes))

        override fun encodeTo(objects: List<T>, output: OutputStream) = lists.encodeTo(objects, output)

        override fun decodeFrom(input: InputStream): List<T> = checkedElements(ID, shape, lists.decodeFrom(input))
    }

    /** One document: `JSON.toJSONString(document)` and `JSON.parseObject(text, T::class.java)`. */
    private class Document<T : Any>(private val shape: Shape<T>) : DocumentCodec<T> {
        override fun encodeDocument(document: T): Payload = Payload.Text(JSON.toJSONString(document, *WRITE_FEATURES))

        override fun decodeDocument(payload: Payload): T =
            checkedDocument(ID, shape, JSON.parseObject(payload.toText(), shape.elementClass, *READ_FEATURES))
    }

    companion object {
        const val ID = "fastjson2"

        /** Every write of this codec (and of its decoders from a stream and other paths) uses these. */
        internal val WRITE_FEATURES = arrayOf(JSONWriter.Feature.LargeObject, JSONWriter.Feature.WriteByteArrayAsBase64)
        internal val READ_FEATURES = arrayOf(JSONReader.Feature.Base64StringAsByteArray)
    }
}
