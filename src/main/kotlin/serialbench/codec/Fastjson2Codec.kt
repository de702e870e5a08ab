package serialbench.codec

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONReader
import com.alibaba.fastjson2.JSONWriter
import serialbench.data.Shape

/**
 * fastjson2 with its defaults (its fastest mode needs no configuration): `toJSONString` and `parseArray`,
 * plus `LargeObject`, without which it refuses to write more than 64 M characters (N = 100,000 here), and
 * base64 for a `ByteArray` both ways, as the other JSON codecs write it (its default is an array of numbers).
 */
class Fastjson2Codec : Codec {
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(Lists(shape.elementClass)) }

    override val id: String get() = ID
    override val displayName: String get() = "fastjson2"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    /** fastjson2 lists of [elementClass], as [Fastjson2ParallelCodec]'s engine also uses them. */
    class Lists<T : Any>(private val elementClass: Class<T>) : ListCodec<T> {
        override fun encode(objects: List<T>): Payload = Payload.Text(write(objects))

        override fun decode(payload: Payload): List<T> = parse(payload.toText())

        fun write(objects: List<T>): String = JSON.toJSONString(objects, JSONWriter.Feature.LargeObject, JSONWriter.Feature.WriteByteArrayAsBase64)

        /** fastjson2 returns null for the text `null`; the codec contract wants a list or an error. */
        fun parse(text: String): List<T> =
            JSON.parseArray(text, elementClass, JSONReader.Feature.Base64StringAsByteArray) ?: throw IllegalArgumentException("codec $ID: no JSON array in the input")
    }

    companion object {
        const val ID = "fastjson2"
    }
}
