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
import serialbench.codecs.Codecs
import serialbench.data.Shape
import serialbench.data.TestShapes
import serialbench.shapes.flat.TestDataGenerator

/** Every JSON codec speaks the same JSON, on every shape: each decodes what every other one writes, to equal objects. */
@Order(TestOrder.CODECS)
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JsonCompatibilityTest {
    private val codecs = Codecs.ids.map { Codecs.create(it, threads = 2) }.filter { it.format == Codec.Format.JSON }

    private fun supports(codec: Codec, shape: Shape<*>) = codec.support(shape) is ShapeSupport.Supported

    fun pairs(): List<Arguments> = TestShapes.all.flatMap { shape ->
        val json = codecs.filter { supports(it, shape) }
        json.flatMap { writer -> json.map { reader -> Arguments.of(shape, writer, reader) } }
    }

    fun codecs(): List<Arguments> =
        TestShapes.all.flatMap { shape -> codecs.filter { supports(it, shape) }.map { Arguments.of(shape, it) } }

    @AfterAll
    fun close() = codecs.forEach { it.close() }

    @ParameterizedTest(name = "{0}: {1} writes, {2} reads", autoCloseArguments = false)
    @MethodSource("pairs")
    fun `a JSON codec decodes what another JSON codec encodes`(shape: Shape<*>, writer: Codec, reader: Codec) {
        crossDecode(shape, writer, reader)
    }

    @ParameterizedTest(name = "{0}: {1}", autoCloseArguments = false)
    @MethodSource("codecs")
    fun `kotlinx Json reads every JSON codec's output and every JSON codec reads kotlinx Json's`(
        shape: Shape<*>,
        codec: Codec,
    ) {
        againstKotlinx(shape, codec)
    }

    @ParameterizedTest(name = "{0}: {1}", autoCloseArguments = false)
    @MethodSource("codecs")
    fun `every JSON codec writes one JSON array`(shape: Shape<*>, codec: Codec) {
        assertThat(codecs.map { it.id }).contains("kotlinx-json", "jackson", "fastjson2", "dsl-json", "gson", "moshi")
        writesArray(shape, codec)
    }

    private fun <T : Any> objects(shape: Shape<T>): List<T> =
        shape.generate(TestDataGenerator.DEFAULT_SEED, 30) + shape.adversarial

    private fun <T : Any> crossDecode(shape: Shape<T>, writer: Codec, reader: Codec) {
        val objects = objects(shape)
        assertThat(reader.listCodec(shape).decode(writer.listCodec(shape).encode(objects))).isEqualTo(objects)
    }

    private fun <T : Any> againstKotlinx(shape: Shape<T>, codec: Codec) {
        val objects = objects(shape)
        val kotlinx = ListSerializer(shape.serializer)
        assertThat(Json.decodeFromString(kotlinx, codec.listCodec(shape).encode(objects).toText())).isEqualTo(objects)
        assertThat(
            codec.listCodec(shape).decode(Payload.Text(Json.encodeToString(kotlinx, objects))),
        ).isEqualTo(objects)
    }

    private fun <T : Any> writesArray(shape: Shape<T>, codec: Codec) {
        assertThat(codec.listCodec(shape).encode(objects(shape).take(1)).toText()).startsWith("[").endsWith("]")
    }
}
