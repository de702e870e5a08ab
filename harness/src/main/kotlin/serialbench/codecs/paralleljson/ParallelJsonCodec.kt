package serialbench.codecs.paralleljson

import kotlinx.serialization.KSerializer
import kotlinx.serialization.StringFormat
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import serialbench.codec.BytesApi
import serialbench.codec.Codec
import serialbench.codec.DocumentCodec
import serialbench.codec.JsonFormats
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.SplitCounting
import serialbench.codec.StreamApi
import serialbench.codec.kotlinxSupport
import serialbench.codec.listsOrDocument
import serialbench.data.Shape
import serialbench.parallel.ParallelJson
import java.io.InputStream
import java.io.OutputStream

/**
 * [ParallelJson] over the default [Json]: chunks encoded and decoded on [parallelism] threads; every shape. Its own
 * byte and stream APIs are `encodeToByteArray`/`decodeFromByteArray` and `encodeToStream`/`decodeFromStream`.
 */
class ParallelJsonCodec(parallelism: Int = Runtime.getRuntime().availableProcessors()) :
    Codec,
    JsonFormats {
    /** Its engine and thread pool, shared with its decoder from a stream. */
    internal val parallelJson = ParallelJson(Json) { this.parallelism = parallelism }
    private val supports = ShapeSupportCache { shape -> carry(shape) }

    override val id: String get() = ID
    override val displayName: String get() = "ParallelJson (${parallelJson.parallelism} threads)"
    override val binding: String
        get() = "`ParallelJson` over the default `Json`, with the class's generated `serializer()`"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ShapeSupport<T> =
        kotlinxSupport(shape) { listsOrDocument(shape, { Lists(it) }, { Document(it) }) }

    override fun close() = parallelJson.close()

    /** A `ParallelJson` over [json] on as many threads as this codec's, closed by the caller. */
    override fun over(json: Json): StringFormat = ParallelJson(json) { this.parallelism = parallelJson.parallelism }

    override fun splitsOf(format: StringFormat): SplitCounting? =
        (format as? ParallelJson)?.let { ParallelJsonSplitCounting(it::splits) }

    /** The split choices of every call of this codec. */
    private val splits = ParallelJsonSplitCounting(parallelJson::splits)

    /** The calls on lists of [serializer]'s class. */
    private inner class Lists<T : Any>(serializer: KSerializer<T>) :
        ListCodec<T>,
        BytesApi<T>,
        StreamApi<T>,
        SplitCounting by splits {
        private val list = ListSerializer(serializer)

        override fun encode(objects: List<T>): Payload = Payload.Text(parallelJson.encodeToString(list, objects))

        override fun decode(payload: Payload): List<T> = parallelJson.decodeFromString(list, payload.toText())

        override fun encodeToBytes(objects: List<T>): ByteArray = parallelJson.encodeToByteArray(list, objects)

        override fun decodeFromBytes(bytes: ByteArray): List<T> = parallelJson.decodeFromByteArray(list, bytes)

        override fun encodeTo(objects: List<T>, output: OutputStream) =
            parallelJson.encodeToStream(list, objects, output)

        override fun decodeFrom(input: InputStream): List<T> = parallelJson.decodeFromStream(list, input)
    }

    /**
     * The calls on one document of [serializer]'s class, as a service makes them
     * (`parallelJson.encodeToString(serializer, document)`): ParallelJson splits the document's own large members.
     */
    private inner class Document<T : Any>(private val serializer: KSerializer<T>) :
        DocumentCodec<T>,
        SplitCounting by splits {
        override fun encodeDocument(document: T): Payload =
            Payload.Text(parallelJson.encodeToString(serializer, document))

        override fun decodeDocument(payload: Payload): T = parallelJson.decodeFromString(serializer, payload.toText())
    }

    companion object {
        const val ID = "kotlinx-json-parallel"
    }
}
