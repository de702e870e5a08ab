package serialbench.codecs.kotlinxjson

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.StringFormat
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeFromStream
import kotlinx.serialization.json.encodeToStream
import serialbench.codec.Codec
import serialbench.codec.DocumentCodec
import serialbench.codec.JsonFormats
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.StreamApi
import serialbench.codec.kotlinxSupport
import serialbench.codec.listsOrDocument
import serialbench.data.Shape
import java.io.InputStream
import java.io.OutputStream

/**
 * kotlinx.serialization [Json] with its default configuration, on the calling thread; every shape. Its own stream
 * API is `encodeToStream`/`decodeFromStream`; it has no byte-array API.
 */
class KotlinxJsonCodec(internal val json: Json = Json) :
    Codec,
    JsonFormats {
    private val supports = ShapeSupportCache { shape -> carry(shape) }

    override val id: String get() = ID
    override val displayName: String get() = "kotlinx Json"
    override val binding: String
        get() = "`Json` (its defaults) with the class's generated `serializer()`"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** [json] itself: `Json` in that configuration. */
    override fun over(json: Json): StringFormat = json

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ShapeSupport<T> =
        kotlinxSupport(shape) { listsOrDocument(shape, { Lists(it) }, { Document(it) }) }

    @OptIn(ExperimentalSerializationApi::class)
    private inner class Lists<T : Any>(element: KSerializer<T>) :
        ListCodec<T>,
        StreamApi<T> {
        private val serializer = ListSerializer(element)

        override fun encode(objects: List<T>): Payload = Payload.Text(json.encodeToString(serializer, objects))

        override fun decode(payload: Payload): List<T> = json.decodeFromString(serializer, payload.toText())

        override fun encodeTo(objects: List<T>, output: OutputStream) = json.encodeToStream(serializer, objects, output)

        override fun decodeFrom(input: InputStream): List<T> = json.decodeFromStream(serializer, input)
    }

    private inner class Document<T : Any>(private val serializer: KSerializer<T>) : DocumentCodec<T> {
        override fun encodeDocument(document: T): Payload = Payload.Text(json.encodeToString(serializer, document))

        override fun decodeDocument(payload: Payload): T = json.decodeFromString(serializer, payload.toText())
    }

    companion object {
        const val ID = "kotlinx-json"
    }
}
