package serialbench.codecs.paralleljson

import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import serialbench.codec.BytesApi
import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.StreamApi
import serialbench.codec.kotlinxSupport
import serialbench.data.Documents
import serialbench.data.Shape
import serialbench.parallel.ParallelJson
import java.io.InputStream
import java.io.OutputStream

/**
 * [ParallelJson] over the default [Json]: chunks encoded and decoded on [parallelism] threads; every shape. Its own
 * byte and stream APIs are `encodeToByteArray`/`decodeFromByteArray` and `encodeToStream`/`decodeFromStream`.
 */
class ParallelJsonCodec(parallelism: Int = Runtime.getRuntime().availableProcessors()) : Codec {
    /** Its engine and thread pool, shared with its decoder from a stream. */
    internal val parallelJson = ParallelJson(Json) { this.parallelism = parallelism }
    private val supports = ShapeSupportCache { shape ->
        kotlinxSupport(shape) { Lists(it, oneDocument = shape.extension(Documents.ONE_DOCUMENT) == true) }
    }

    override val id: String get() = ID
    override val displayName: String get() = "ParallelJson (${parallelJson.parallelism} threads)"
    override val binding: String
        get() = "`ParallelJson` over the default `Json`, with the class's generated `serializer()`"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    override fun close() = parallelJson.close()

    /**
     * The calls on lists of [serializer]'s class. With [oneDocument] (a shape whose size of one is a list of one
     * document), a list of one is written and read as that document inside brackets, so that ParallelJson splits
     * the document's own large members, as `parallelJson.encodeToString(serializer, document)` does for a service:
     * a text of the length the last list of one was written in is read as such (the payload of the same list).
     */
    private inner class Lists<T : Any>(private val serializer: KSerializer<T>, private val oneDocument: Boolean) :
        ListCodec<T>,
        BytesApi<T>,
        StreamApi<T> {
        private val list = ListSerializer(serializer)

        @Volatile private var documentLength = -1

        @Volatile private var documentBytes = -1

        override fun encode(objects: List<T>): Payload = Payload.Text(encodeText(objects))

        override fun decode(payload: Payload): List<T> = decodeText(payload.toText())

        override fun encodeToBytes(objects: List<T>): ByteArray = encodeText(objects).encodeToByteArray()
            .also { if (oneDocument && objects.size == 1) documentBytes = it.size }

        override fun decodeFromBytes(bytes: ByteArray): List<T> = if (oneDocument && bytes.size == documentBytes) {
            decodeText(bytes.decodeToString(throwOnInvalidSequence = true))
        } else {
            parallelJson.decodeFromByteArray(list, bytes)
        }

        private fun encodeText(objects: List<T>): String {
            if (!oneDocument || objects.size != 1) return parallelJson.encodeToString(list, objects)
            return ("[" + parallelJson.encodeToString(serializer, objects[0]) + "]").also { documentLength = it.length }
        }

        private fun decodeText(text: String): List<T> {
            if (!oneDocument || text.length != documentLength) return parallelJson.decodeFromString(list, text)
            return listOf(parallelJson.decodeFromString(serializer, text.substring(1, text.length - 1)))
        }

        override fun encodeTo(objects: List<T>, output: OutputStream) =
            parallelJson.encodeToStream(list, objects, output)

        override fun decodeFrom(input: InputStream): List<T> = parallelJson.decodeFromStream(list, input)
    }

    companion object {
        const val ID = "kotlinx-json-parallel"
    }
}
