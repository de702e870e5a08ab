package serialbench.codec

import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.ObjectReader
import com.fasterxml.jackson.databind.ObjectWriter
import com.fasterxml.jackson.module.blackbird.BlackbirdModule
import com.fasterxml.jackson.module.kotlin.jacksonObjectMapper
import serialbench.data.Shape

/**
 * Jackson databind with the Kotlin module. As Jackson's documentation recommends for speed, one
 * [ObjectMapper] is configured once and the typed [ObjectReader] and [ObjectWriter] are built once per shape
 * and reused (they are immutable and thread safe). The `jackson-blackbird` variant adds the Blackbird module,
 * which replaces reflection with generated lambdas (the successor of Afterburner on JDK 11+).
 */
class JacksonCodec private constructor(
    override val id: String,
    override val displayName: String,
    private val mapper: ObjectMapper,
) : Codec {
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(Lists(shape)) }

    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    private inner class Lists<T : Any>(shape: Shape<T>) : ListCodec<T> {
        private val listType = mapper.typeFactory.constructCollectionType(List::class.java, shape.elementClass)
        private val writer: ObjectWriter = mapper.writerFor(listType)
        private val reader: ObjectReader = mapper.readerFor(listType)

        override fun encode(objects: List<T>): Payload = Payload.Text(writer.writeValueAsString(objects))

        override fun decode(payload: Payload): List<T> = reader.readValue(payload.toText())
    }

    companion object {
        const val ID = "jackson"
        const val BLACKBIRD_ID = "jackson-blackbird"

        fun plain(): JacksonCodec = JacksonCodec(ID, "Jackson", jacksonObjectMapper())

        fun blackbird(): JacksonCodec =
            JacksonCodec(BLACKBIRD_ID, "Jackson + Blackbird", jacksonObjectMapper().registerModule(BlackbirdModule()))
    }
}
