package serialbench.codecs.jackson

import com.fasterxml.jackson.databind.DeserializationFeature
import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.ObjectReader
import com.fasterxml.jackson.databind.ObjectWriter
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule
import com.fasterxml.jackson.module.blackbird.BlackbirdModule
import com.fasterxml.jackson.module.kotlin.jacksonObjectMapper
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

/**
 * Jackson databind with the Kotlin module and the `java.time` one (`jackson-datatype-jsr310`, which Jackson 2 needs
 * for an `Instant`; Jackson 3 has it built in). As Jackson's documentation recommends for speed, one
 * [ObjectMapper] is configured once and the typed [ObjectReader] and [ObjectWriter] are built once per shape
 * and reused (they are immutable and thread safe). Its own byte and stream APIs are `writeValueAsBytes`/
 * `readValue(ByteArray)` and `writeValue(OutputStream)`/`readValue(InputStream)`. The `jackson-blackbird` variant adds
 * the Blackbird module, which replaces reflection with generated lambdas (the successor of Afterburner on JDK 11+).
 *
 * `FAIL_ON_TRAILING_TOKENS` is on: by default Jackson stops after the first value and ignores what follows, so
 * `[...] [1]` would decode as a valid payload.
 */
class JacksonCodec private constructor(
    override val id: String,
    override val displayName: String,
    override val binding: String,
    /** The configured mapper, shared with this codec's decoders from a stream. */
    internal val mapper: ObjectMapper,
) : Codec {
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(carry(shape)) }

    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { Lists(shape) }, { Document(shape) })

    private inner class Lists<T : Any>(private val shape: Shape<T>) :
        ListCodec<T>,
        BytesApi<T>,
        StreamApi<T> {
        private val listType = mapper.typeFactory.constructCollectionType(List::class.java, shape.elementClass)
        private val writer: ObjectWriter = mapper.writerFor(listType)
        private val reader: ObjectReader = mapper.readerFor(listType)

        override fun encode(objects: List<T>): Payload = Payload.Text(writer.writeValueAsString(objects))

        override fun decode(payload: Payload): List<T> = checkedElements(
            id,
            shape,
            reader.readValue<List<T>?>(payload.toText()) ?: noArray(),
        )

        override fun encodeToBytes(objects: List<T>): ByteArray = writer.writeValueAsBytes(objects)

        override fun decodeFromBytes(bytes: ByteArray): List<T> = checkedElements(
            id,
            shape,
            reader.readValue<List<T>?>(bytes) ?: noArray(),
        )

        override fun encodeTo(objects: List<T>, output: OutputStream) = writer.writeValue(output, objects)

        override fun decodeFrom(input: InputStream): List<T> = checkedElements(
            id,
            shape,
            reader.readValue<List<T>?>(input) ?: noArray(),
        )

        private fun noArray(): Nothing =
            throw IllegalArgumentException("codec $id, shape ${shape.id}: the payload is JSON null, not an array")
    }

    private inner class Document<T : Any>(private val shape: Shape<T>) : DocumentCodec<T> {
        private val writer: ObjectWriter = mapper.writerFor(shape.elementClass)
        private val reader: ObjectReader = mapper.readerFor(shape.elementClass)

        override fun encodeDocument(document: T): Payload = Payload.Text(writer.writeValueAsString(document))

        override fun decodeDocument(payload: Payload): T =
            checkedDocument(id, shape, reader.readValue<T?>(payload.toText()))
    }

    companion object {
        const val ID = "jackson"
        const val BLACKBIRD_ID = "jackson-blackbird"
        private const val BINDING =
            "`jacksonObjectMapper()` (the Kotlin module) with `JavaTimeModule`, `readerFor`/`writerFor(List<T>)`"

        fun plain(): JacksonCodec = JacksonCodec(ID, "Jackson", BINDING, mapper())

        fun blackbird(): JacksonCodec = JacksonCodec(
            BLACKBIRD_ID,
            "Jackson + Blackbird",
            "$BINDING, and the Blackbird module (generated lambdas instead of reflection)",
            mapper().registerModule(BlackbirdModule()),
        )

        /** Also the mapper that decodes a user's type when it is not `@Serializable` (`bench.model`). */
        fun mapper(): ObjectMapper = jacksonObjectMapper().registerModule(
            JavaTimeModule(),
        ).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
    }
}
