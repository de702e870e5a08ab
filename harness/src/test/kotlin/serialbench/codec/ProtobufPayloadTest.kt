package serialbench.codec

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codecs.kotlinxprotobuf.KotlinxProtobufCodec
import serialbench.codecs.protobuf.ProtobufCodec
import serialbench.data.Shape
import serialbench.data.ShapeSettings
import serialbench.shapes.Shapes
import serialbench.shapes.events.Event
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.flat.TestObject
import serialbench.shapes.upload.Upload
import serialbench.shapes.upload.UploadShape

/**
 * Protocol Buffers has no end marker and skips what it does not know: what the protobuf codecs add and check so that
 * a cut, empty, corrupt or foreign payload is refused rather than decoded to another list.
 */
@Order(TestOrder.CODECS)
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProtobufPayloadTest {
    private val codecs = listOf(KotlinxProtobufCodec(), ProtobufCodec())
    private val objects = Shapes.FLAT.generate(TestDataGenerator.DEFAULT_SEED, 3)
    private val shapes = Shapes.ids.map { Shapes.byId(it, ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 256)) }

    fun codecs(): List<Codec> = codecs

    fun codecsAndShapes(): List<Arguments> = codecs.flatMap { codec ->
        shapes.filter { codec.support(it) is ShapeSupport.Supported }.map { Arguments.of(codec, it) }
    }

    @AfterAll
    fun close() = codecs.forEach { it.close() }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("codecsAndShapes")
    fun `a payload cut right after an element is refused, not decoded to the elements before the cut`(
        codec: Codec,
        shape: Shape<*>,
    ) {
        assertCutsRefused(codec, shape)
    }

    private fun <T : Any> assertCutsRefused(codec: Codec, shape: Shape<T>) {
        val lists = codec.listCodec(shape)
        val objects = shape.generate(TestDataGenerator.DEFAULT_SEED, 3)
        val whole = bytes(lists.encode(objects))
        for (kept in 0 until objects.size) {
            // Where the payload of the first `kept` objects stops agreeing with the whole one: the element boundary.
            val cut = commonPrefixLength(bytes(lists.encode(objects.take(kept))), whole)
            assertThatThrownBy { lists.decode(Payload.Binary(whole.copyOf(cut))) }
                .`as` { "${codec.id}: the first $cut of ${whole.size} bytes ($kept whole elements)" }
                .isInstanceOf(IllegalArgumentException::class.java)
                .hasMessage(
                    "codec ${codec.id}, shape ${shape.id}: " +
                        "the payload has no element count after its $kept elements: " +
                        "it is cut short or was not made by this codec",
                )
        }
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("codecsAndShapes")
    fun `a count that differs from the elements is refused`(codec: Codec, shape: Shape<*>) {
        assertWrongCountRefused(codec, shape)
    }

    private fun <T : Any> assertWrongCountRefused(codec: Codec, shape: Shape<T>) {
        val lists = codec.listCodec(shape)
        val payload = bytes(lists.encode(shape.generate(TestDataGenerator.DEFAULT_SEED, 3)))
        // The count ends the payload: field 2 as a varint, 0x10 then 3.
        assertThat(payload.copyOfRange(payload.size - 2, payload.size)).containsExactly(0x10, 3)
        payload[payload.size - 1] = 2
        assertThatThrownBy { lists.decode(Payload.Binary(payload)) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "codec ${codec.id}, shape ${shape.id}: the payload declares 2 elements and holds 3: it is cut short or corrupt",
            )
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("codecsAndShapes")
    fun `the one-byte payload 15 and the empty payload are refused`(codec: Codec, shape: Shape<*>) {
        val lists = codec.listCodec(shape)
        assertThatThrownBy { lists.decode(Payload.Binary(byteArrayOf(0x15))) }.isInstanceOf(Exception::class.java)
        assertThatThrownBy { lists.decode(Payload.Binary(ByteArray(0))) }.isInstanceOf(Exception::class.java)
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("codecsAndShapes")
    fun `invalid UTF-8 in a string is refused, not decoded to U+FFFD`(codec: Codec, shape: Shape<*>) {
        assertInvalidUtf8Refused(codec, shape)
    }

    private fun <T : Any> assertInvalidUtf8Refused(codec: Codec, shape: Shape<T>) {
        val lists = codec.listCodec(shape)
        val objects = shape.generate(TestDataGenerator.DEFAULT_SEED, 3)
        val payload = bytes(lists.encode(objects))
        // A string of the second element, as the codec writes it: its second byte made invalid.
        val text = when (val element = objects[1]) {
            is TestObject -> element.name
            is Event -> element.markets.first().runners.first().name
            is Upload -> element.fileName
            else -> error("no string chosen for shape ${shape.id}")
        }.encodeToByteArray()
        payload[indexOf(payload, text) + 1] = 0xFF.toByte()

        assertThatThrownBy {
            lists.decode(Payload.Binary(payload))
        }.`as` { "${codec.id} on ${shape.id}" }.isInstanceOf(Exception::class.java)
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("codecsAndShapes")
    fun `the empty list still round-trips`(codec: Codec, shape: Shape<*>) {
        val lists = codec.listCodec(shape)
        assertThat(lists.decode(lists.encode(emptyList()))).isEmpty()
    }

    @Test
    fun `protobuf refuses fields it does not know, in the list and in an element`() {
        val lists = codecs.first { it.id == ProtobufCodec.ID }.listCodec(Shapes.FLAT)
        val unknownVarint = byteArrayOf((15 shl 3).toByte(), 1) // field 15, varint 1
        val atEnd = bytes(lists.encode(objects)) + unknownVarint
        assertThatThrownBy { lists.decode(Payload.Binary(atEnd)) }
            .hasMessage(
                "codec protobuf, shape flat: the payload holds fields the schema does not know (15) in the list",
            )

        val one = bytes(lists.encode(listOf(TestObject("a", 1, emptyList()))))
        // 0a <length> <element>: grow the element by the unknown field.
        val element = one.copyOfRange(2, 2 + one[1]) + unknownVarint
        val inElement = byteArrayOf(0x0a, element.size.toByte()) + element + one.copyOfRange(2 + one[1], one.size)
        assertThatThrownBy { lists.decode(Payload.Binary(inElement)) }
            .hasMessage(
                "codec protobuf, shape flat: the payload holds fields the schema does not know (15) in element 0",
            )
    }

    private fun bytes(payload: Payload): ByteArray = (payload as Payload.Binary).bytes.copyOf()

    private fun commonPrefixLength(a: ByteArray, b: ByteArray): Int {
        var i = 0
        while (i < a.size && i < b.size && a[i] == b[i]) i++
        return i
    }

    private fun indexOf(haystack: ByteArray, needle: ByteArray): Int =
        (0..haystack.size - needle.size).first { start -> needle.indices.all { haystack[start + it] == needle[it] } }
}
