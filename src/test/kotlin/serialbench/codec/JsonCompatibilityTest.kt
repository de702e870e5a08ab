package serialbench.codec

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.data.AdversarialData
import serialbench.data.TestDataGenerator
import serialbench.model.TestObject

/** Every JSON codec speaks the same JSON: each decodes what every other one writes, to equal objects. */
@Order(TestOrder.CODECS)
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JsonCompatibilityTest {
    private val codecs = Codecs.ids.map { Codecs.create(it, threads = 2) }.filter { it.format == Codec.Format.JSON }
    private val objects = TestDataGenerator().objects(100) + AdversarialData.objects
    private val kotlinx = ListSerializer(TestObject.serializer())

    fun pairs(): List<Arguments> = codecs.flatMap { writer -> codecs.map { reader -> Arguments.of(writer, reader) } }

    fun codecs() = codecs

    @AfterAll
    fun close() = codecs.forEach { it.close() }

    @ParameterizedTest(name = "{0} writes, {1} reads", autoCloseArguments = false)
    @MethodSource("pairs")
    fun `a JSON codec decodes what another JSON codec encodes`(writer: Codec, reader: Codec) {
        assertThat(reader.decode(writer.encode(objects))).isEqualTo(objects)
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("codecs")
    fun `kotlinx Json reads every JSON codec's output and every JSON codec reads kotlinx Json's`(codec: Codec) {
        assertThat(Json.decodeFromString(kotlinx, codec.encode(objects).toText())).isEqualTo(objects)
        assertThat(codec.decode(Payload.Text(Json.encodeToString(kotlinx, objects)))).isEqualTo(objects)
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("codecs")
    fun `every JSON codec writes one JSON array`(codec: Codec) {
        assertThat(codecs.map { it.id }).contains("kotlinx-json", "jackson", "fastjson2", "dsl-json", "gson", "moshi")
        assertThat(codec.encode(objects.take(1)).toText()).startsWith("[").endsWith("]")
    }
}
