package serialbench.codec

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.assertj.core.api.Assertions.catchThrowable
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.codecs.fory.ForyCodec
import serialbench.data.Shape
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator

/** No codec returns a list holding something other than its shape's elements: a null or another class is refused. */
@Order(TestOrder.CODECS)
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ElementTypeTest {
    private val codecs = Codecs.ids.map { Codecs.create(it, threads = 2) }

    fun jsonCodecsAndShapes(): List<Arguments> = codecs.filter { it.format == Codec.Format.JSON }.flatMap { codec ->
        Shapes.all.filter { codec.support(it) is ShapeSupport.Supported }.map { Arguments.of(codec, it) }
    }

    @AfterAll
    fun close() = codecs.forEach { it.close() }

    @Test
    fun `fory refuses its own payload corrupted into a list of Durations, naming codec, shape, index and type`() {
        val fory = codecs.first { it.id == ForyCodec.ID }.listCodec(Shapes.FLAT)
        val bytes = (fory.encode(Shapes.FLAT.generate(TestDataGenerator.DEFAULT_SEED, 3)) as Payload.Binary).bytes
        // Byte 5 replaced by nine bytes: the payload then declares java.time.Duration elements.
        val corrupted =
            bytes.copyOfRange(0, 5) + byteArrayOf(0x9b.toByte(), 0, 0, 0, 1, 0, 0, 0, 0) +
                bytes.copyOfRange(6, bytes.size)

        assertThatThrownBy { fory.decode(Payload.Binary(corrupted)) }
            .isInstanceOf(WrongElementTypeException::class.java)
            .hasMessage(
                "codec fory, shape flat: element 0 of 3 is a java.time.Duration, not a serialbench.shapes.flat.TestObject",
            )
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("jsonCodecsAndShapes")
    fun `a JSON null where an element belongs is refused, naming its index`(codec: Codec, shape: Shape<*>) {
        assertNullRefused(codec, shape)
    }

    private fun <T : Any> assertNullRefused(codec: Codec, shape: Shape<T>) {
        val valid = Json.encodeToString(
            ListSerializer(shape.serializer),
            shape.generate(TestDataGenerator.DEFAULT_SEED, 2),
        )
        val withNull = Payload.Text(valid.dropLast(1) + ",null]")

        val error = catchThrowable { codec.listCodec(shape).decode(withNull) }

        assertThat(error).`as` { "${codec.id} on ${shape.id} decoding $withNull" }.isInstanceOf(Exception::class.java)
        // Libraries that check types themselves refuse it in their own words; the codec catches the others.
        if (error is WrongElementTypeException) {
            assertThat(
                error,
            ).hasMessage(
                "codec ${codec.id}, shape ${shape.id}: element 2 of 3 is null, not a ${shape.elementClass.name}",
            )
        }
    }
}
