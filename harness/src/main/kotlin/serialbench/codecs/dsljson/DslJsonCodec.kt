package serialbench.codecs.dsljson

import com.dslplatform.json.DslJson
import com.dslplatform.json.JsonReader
import com.dslplatform.json.ParsingException
import com.dslplatform.json.runtime.Settings
import com.fasterxml.jackson.annotation.JsonCreator
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
import java.io.ByteArrayOutputStream
import java.io.InputStream
import java.io.OutputStream

/**
 * DSL-JSON with runtime reflection (its annotation processor needs kapt, which this build does not use).
 * DSL-JSON works on UTF-8 bytes, so its payload is bytes, as its users would send them; its stream API is
 * `serialize(obj, OutputStream)`/`deserializeList(Class, InputStream)`, and it has no `String` API. Kotlin's
 * `@Serializable` adds a second constructor; the creator marker points DSL-JSON at the primary one. Doubles are
 * read with `DoublePrecision.EXACT`: with its default precision DSL-JSON 2.0.2 reads numbers of 16 significant
 * digits that it writes itself wrongly (`1000000000000000.0` as 1.0E16) or fails on them. Lists are read with
 * DSL-JSON's own collection reader and then checked for content after the array ([readWholeList]):
 * `deserializeList` stops after the array and ignores what follows.
 */
class DslJsonCodec : Codec {
    /** The configured instance, shared with this codec's decoders from a stream. */
    internal val dslJson = DslJson<Any>(
        Settings.withRuntime<Any>()
            .includeServiceLoader()
            .creatorMarker(JsonCreator::class.java, false)
            .doublePrecision(JsonReader.DoublePrecision.EXACT),
    )
    private val supports = ShapeSupportCache { shape ->
        val type = shape.elementClass
        when {
            dslJson.tryFindWriter(
                type,
            ) == null -> ShapeSupport.Unsupported<Any>("DSL-JSON finds no writer for ${type.name}")

            dslJson.tryFindReader(type) == null ->
                ShapeSupport.Unsupported<Any>(
                    "DSL-JSON finds no reader for ${type.name} (its creator needs @JsonCreator)",
                )

            else -> ShapeSupport.Supported(carry(shape))
        }
    }

    override val id: String get() = ID
    override val displayName: String get() = "DSL-JSON"
    override val binding: String
        get() = "runtime analysis (`Settings.withRuntime()`, service loader), creators marked `@JsonCreator`"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { Lists(shape) }, { Document(shape) })

    private inner class Lists<T : Any>(private val shape: Shape<T>) :
        ListCodec<T>,
        StreamApi<T> {
        override fun encode(objects: List<T>): Payload {
            val out = ByteArrayOutputStream()
            dslJson.serialize(objects, out)
            return Payload.Binary(out.toByteArray())
        }

        override fun decode(payload: Payload): List<T> {
            val bytes = payload.toByteArray()
            return checkedElements(
                ID,
                shape,
                dslJson.readWholeList(shape.elementClass, dslJson.newReader(bytes, bytes.size)) ?: noArray(),
            )
        }

        override fun encodeTo(objects: List<T>, output: OutputStream) = dslJson.serialize(objects, output)

        override fun decodeFrom(input: InputStream): List<T> = checkedElements(
            ID,
            shape,
            dslJson.readWholeList(shape.elementClass, dslJson.newReader(input, ByteArray(STREAM_BUFFER_BYTES)))
                ?: noArray(),
        )

        private fun noArray(): Nothing = throw IllegalArgumentException("codec $ID: no JSON array in the input")
    }

    private inner class Document<T : Any>(private val shape: Shape<T>) : DocumentCodec<T> {
        private val reader = dslJson.tryFindReader(shape.elementClass)
            ?: throw IllegalArgumentException("DSL-JSON finds no reader for ${shape.elementClass.name}")

        override fun encodeDocument(document: T): Payload {
            val out = ByteArrayOutputStream()
            dslJson.serialize(document, out)
            return Payload.Binary(out.toByteArray())
        }

        override fun decodeDocument(payload: Payload): T {
            val bytes = payload.toByteArray()
            val input = dslJson.newReader(bytes, bytes.size)
            input.getNextToken()
            val document = reader.read(input)
            input.refuseTrailingContent()
            return checkedDocument(ID, shape, document)
        }
    }

    companion object {
        const val ID = "dsl-json"

        /** The buffer DSL-JSON reads a stream through. */
        const val STREAM_BUFFER_BYTES = 64 * 1024
    }
}

/**
 * The list that [reader] holds, read with DSL-JSON's reader for [elementClass] as `deserializeList` reads it, then
 * nothing but whitespace: `null` for a JSON `null`.
 * @throws ParsingException when the input is not an array of such elements, or something follows the array.
 */
internal fun <T> DslJson<Any>.readWholeList(elementClass: Class<T>, reader: JsonReader<Any>): List<T>? {
    val elements =
        tryFindReader(elementClass)
            ?: throw IllegalArgumentException("DSL-JSON finds no reader for ${elementClass.name}")
    reader.getNextToken()
    val list: List<T>? = when {
        reader.wasNull() -> null
        reader.last() != '['.code.toByte() -> throw reader.newParseError("Expecting '[' for list start")
        reader.getNextToken() == ']'.code.toByte() -> ArrayList(0)
        else -> reader.deserializeNullableCollection(elements)
    }
    reader.refuseTrailingContent()
    return list
}

/** Returns at the end of the input; DSL-JSON signals it by failing to find a token in an exhausted buffer. */
internal fun JsonReader<*>.refuseTrailingContent() {
    val token = try {
        getNextToken()
    } catch (e: ParsingException) {
        if (currentIndex >= length()) return
        throw e
    }
    throw newParseError("content after the end of the array: '${token.toInt().toChar()}'")
}
