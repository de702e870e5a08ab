package serialbench.codec

import com.dslplatform.json.DslJson
import com.dslplatform.json.JsonReader
import com.dslplatform.json.runtime.Settings
import com.fasterxml.jackson.annotation.JsonCreator
import java.io.ByteArrayOutputStream
import java.io.InputStream
import java.io.OutputStream
import serialbench.data.Shape

/**
 * DSL-JSON with runtime reflection (its annotation processor needs kapt, which this build does not use).
 * DSL-JSON works on UTF-8 bytes, so its payload is bytes, as its users would send them; its stream API is
 * `serialize(obj, OutputStream)`/`deserializeList(Class, InputStream)`, and it has no `String` API. Kotlin's
 * `@Serializable` adds a second constructor; the creator marker points DSL-JSON at the primary one. Doubles are
 * read with `DoublePrecision.EXACT`: with its default precision DSL-JSON 2.0.2 reads numbers of 16 significant
 * digits that it writes itself wrongly (`1000000000000000.0` as 1.0E16) or fails on them.
 */
class DslJsonCodec : Codec {
    /** The configured instance, shared with this codec's decoders from a stream. */
    internal val dslJson = DslJson<Any>(
        Settings.withRuntime<Any>()
            .includeServiceLoader()
            .creatorMarker(JsonCreator::class.java, false)
            .doublePrecision(JsonReader.DoublePrecision.EXACT),
    )
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(Lists(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "DSL-JSON"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    private inner class Lists<T : Any>(private val shape: Shape<T>) : ListCodec<T>, StreamApi<T> {
        override fun encode(objects: List<T>): Payload {
            val out = ByteArrayOutputStream()
            dslJson.serialize(objects, out)
            return Payload.Binary(out.toByteArray())
        }

        override fun decode(payload: Payload): List<T> {
            val bytes = payload.toByteArray()
            return checkedElements(ID, shape, dslJson.deserializeList(shape.elementClass, bytes, bytes.size) ?: noArray())
        }

        override fun encodeTo(objects: List<T>, output: OutputStream) = dslJson.serialize(objects, output)

        override fun decodeFrom(input: InputStream): List<T> =
            checkedElements(ID, shape, dslJson.deserializeList(shape.elementClass, input) ?: noArray())

        private fun noArray(): Nothing = throw IllegalArgumentException("codec $ID: no JSON array in the input")
    }

    companion object {
        const val ID = "dsl-json"
    }
}
