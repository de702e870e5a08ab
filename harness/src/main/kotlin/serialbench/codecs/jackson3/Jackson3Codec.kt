package serialbench.codecs.jackson3

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
import tools.jackson.databind.DeserializationFeature
import tools.jackson.databind.ObjectMapper
import tools.jackson.databind.ObjectReader
import tools.jackson.databind.ObjectWriter
import tools.jackson.module.kotlin.jacksonMapperBuilder
import java.io.InputStream
import java.io.OutputStream

/**
 * Jackson 3 (`tools.jackson.*`, beside Jackson 2's `com.fasterxml.jackson.*`) with its Kotlin module, configured as
 * [JacksonCodec] is: one immutable mapper, the typed [ObjectReader] and [ObjectWriter] built once per shape and
 * reused. Its byte and stream APIs are `writeValueAsBytes`/`readValue(ByteArray)` and
 * `writeValue(OutputStream)`/`readValue(InputStream)`. The annotations stay Jackson 2's (`@JsonCreator` on the
 * models), as Jackson 3 keeps them. No Blackbird: its Jackson 3 build is not at this Jackson 3 version.
 *
 * Two features are set explicitly so that it refuses what the `jackson` codec refuses, whatever Jackson 3's defaults:
 * `FAIL_ON_TRAILING_TOKENS` (`[...] [1]`; Jackson 2's default would ignore what follows) and
 * `FAIL_ON_UNKNOWN_PROPERTIES` (a key the model lacks; Jackson 2 refuses it by default, Jackson 3 skips it). Jackson
 * 3's `FAIL_ON_NULL_FOR_PRIMITIVES` (on by default; off in Jackson 2) is kept: a missing or null `Int` property is
 * refused, where `jackson` reads it as 0.
 */
class Jackson3Codec : Codec {
    /** The configured mapper, shared with this codec's decoders from a stream. */
    internal val mapper: ObjectMapper = jacksonMapperBuilder()
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build()

    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(carry(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "Jackson 3"
    override val binding: String
        get() = "`jacksonMapperBuilder()` (the Kotlin module; `java.time` built in), `readerFor`/`writerFor(List<T>)`"
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

        override fun decode(payload: Payload): List<T> = checked(reader.readValue(payload.toText()))

        override fun encodeToBytes(objects: List<T>): ByteArray = writer.writeValueAsBytes(objects)

        override fun decodeFromBytes(bytes: ByteArray): List<T> = checked(reader.readValue(bytes))

        override fun encodeTo(objects: List<T>, output: OutputStream) = writer.writeValue(output, objects)

        override fun decodeFrom(input: InputStream): List<T> = checked(reader.readValue(input))

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
        private val writer: ObjectWriter = mapper.writerFor(shape.elementClass)
        private val reader: ObjectReader = mapper.readerFor(shape.elementClass)

        override fun encodeDocument(document: T): Payload = Payload.Text(writer.writeValueAsString(document))

        override fun decodeDocument(payload: Payload): T =
            checkedDocument(ID, shape, reader.readValue<T?>(payload.toText()))
    }

    companion object {
        const val ID = "jackson3"
    }
}
