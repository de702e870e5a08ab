package serialbench.codec

import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.ObjectReader
import com.fasterxml.jackson.databind.ObjectWriter
import com.fasterxml.jackson.module.blackbird.BlackbirdModule
import com.fasterxml.jackson.module.kotlin.jacksonObjectMapper
import serialbench.model.TestObject

/**
 * Jackson databind with the Kotlin module. As Jackson's documentation recommends for speed, one
 * [ObjectMapper] is configured once and the typed [ObjectReader] and [ObjectWriter] are built once and
 * reused (they are immutable and thread safe). The `jackson-blackbird` variant adds the Blackbird module,
 * which replaces reflection with generated lambdas (the successor of Afterburner on JDK 11+).
 */
class JacksonCodec private constructor(
    override val id: String,
    override val displayName: String,
    mapper: ObjectMapper,
) : Codec {
    private val listType = mapper.typeFactory.constructCollectionType(List::class.java, TestObject::class.java)
    private val writer: ObjectWriter = mapper.writerFor(listType)
    private val reader: ObjectReader = mapper.readerFor(listType)

    override val format: Codec.Format get() = Codec.Format.JSON

    override fun encode(objects: List<TestObject>): Payload = Payload.Text(writer.writeValueAsString(objects))

    override fun decode(payload: Payload): List<TestObject> = reader.readValue(payload.toText())

    companion object {
        const val ID = "jackson"
        const val BLACKBIRD_ID = "jackson-blackbird"

        fun plain(): JacksonCodec = JacksonCodec(ID, "Jackson", jacksonObjectMapper())

        fun blackbird(): JacksonCodec =
            JacksonCodec(BLACKBIRD_ID, "Jackson + Blackbird", jacksonObjectMapper().registerModule(BlackbirdModule()))
    }
}
