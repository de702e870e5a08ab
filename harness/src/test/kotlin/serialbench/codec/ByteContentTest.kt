package serialbench.codec

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import java.util.Base64

/**
 * The `upload` shape at its default content size (256 KiB): JSON codecs carry the content as the same standard
 * base64 string, binary codecs as raw bytes (a payload barely larger than the content).
 */
@Order(TestOrder.CODECS)
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ByteContentTest {
    private val codecs = Codecs.ids.map { Codecs.create(it, threads = 2) }
    private val uploads = Shapes.UPLOAD.generate(TestDataGenerator.DEFAULT_SEED, 2)
    private val contentBytes = uploads.sumOf { it.content.size }

    fun codecs(): List<Codec> = codecs

    @AfterAll
    fun close() = codecs.forEach { it.close() }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("codecs")
    fun `default-size uploads survive a round trip, the content as base64 in JSON and raw in binary formats`(
        codec: Codec,
    ) {
        val lists = codec.listCodec(Shapes.UPLOAD)
        val payload = lists.encode(uploads)
        assertThat(lists.decode(payload)).isEqualTo(uploads)
        if (codec.format == Codec.Format.JSON) {
            val records = Json.parseToJsonElement(payload.toText()).jsonArray
            val contents = records.map { it.jsonObject.getValue("content").jsonPrimitive.content }
            assertThat(contents).containsExactlyElementsOf(
                uploads.map {
                    Base64.getEncoder().encodeToString(it.content)
                },
            )
        } else {
            assertThat(payload.sizeBytes).`as` { "${codec.id} payload" }.isBetween(contentBytes, contentBytes + 2_048)
        }
    }
}
