package serialbench.stream

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.listCodec
import serialbench.codecs.Codecs
import serialbench.codecs.StreamingDecoders
import serialbench.data.Shape
import serialbench.data.TestShapes
import serialbench.shapes.flat.TestDataGenerator
import java.io.ByteArrayInputStream

/**
 * Every decoder from a stream, on every shape it supports: it yields exactly what its codec's mapper decodes, and
 * a truncated or malformed stream fails naming the element and the offset, after only the complete elements.
 */
@Order(TestOrder.CODECS)
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamingDecoderTest {
    private val seed = TestDataGenerator.DEFAULT_SEED
    private val codecs: Map<String, Codec> = StreamingDecoders.entries.map {
        it.codec
    }.distinct().associateWith { Codecs.create(it, threads = 2) }
    private val decoders: List<Pair<Shape<*>, StreamingDecoder<*>>> = TestShapes.all.flatMap { shape ->
        StreamingDecoders.entries.mapNotNull { entry ->
            (entry.support(codecs.getValue(entry.codec), shape) as? DecoderSupport.Supported)?.let {
                shape to it.decoder
            }
        }
    }

    fun decoders(): List<Arguments> = decoders.map { (shape, decoder) -> Arguments.of(decoder, shape) }

    @AfterAll
    fun close() {
        decoders.forEach { it.second.close() }
        codecs.values.forEach { it.close() }
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("decoders")
    fun `a decoder yields exactly the list its codec's mapper decodes`(decoder: StreamingDecoder<*>, shape: Shape<*>) {
        for (size in listOf(0, 1, 2, 10, 200)) assertSameAsMapper(decoder, shape, shape.generate(seed, size))
        assertSameAsMapper(decoder, shape, shape.adversarial)
        assertSameAsMapper(decoder, shape, List(50) { shape.adversarial }.flatten())
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("decoders")
    fun `a truncated stream fails naming the element and the offset, after only the complete elements`(
        decoder: StreamingDecoder<*>,
        shape: Shape<*>,
    ) {
        val objects = shape.generate(seed, 20)
        val bytes = payload(decoder, shape, objects)
        val layout = ArrayLayout(bytes)
        val cuts = listOf(
            1,
            layout.starts[0].toInt() + 1,
            layout.ends[0].toInt(),
            layout.ends[0].toInt() + 1,
            bytes.size / 2,
            layout.ends.last().toInt(),
            bytes.size - 1,
        )
        for (cut in cuts.distinct()) {
            assertFailsAfterCompleteElements(
                decoder,
                objects,
                bytes.copyOf(cut),
                layout.completeWithin(cut),
                "cut at byte $cut of ${bytes.size}",
            )
        }
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("decoders")
    fun `a malformed element fails naming its index, after only the elements before it`(
        decoder: StreamingDecoder<*>,
        shape: Shape<*>,
    ) {
        val objects = shape.generate(seed, 20)
        val bytes = payload(decoder, shape, objects)
        val layout = ArrayLayout(bytes)
        for (index in listOf(0, 7, 19)) {
            val broken = bytes.copyOf().also { it[layout.starts[index].toInt()] = 'x'.code.toByte() }
            assertFailsAfterCompleteElements(decoder, objects, broken, index, "element $index starts with 'x'")
        }
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("decoders")
    fun `content after the array fails after every element was handed over`(
        decoder: StreamingDecoder<*>,
        shape: Shape<*>,
    ) {
        val objects = shape.generate(seed, 5)
        val bytes = payload(decoder, shape, objects) + " [1]".encodeToByteArray()
        assertFailsAfterCompleteElements(decoder, objects, bytes, objects.size, "an array after the array")
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("decoders")
    fun `input that is not an array fails at element 0`(decoder: StreamingDecoder<*>, shape: Shape<*>) {
        for (text in listOf("", "{}", "42", "[1]")) {
            assertFailsAfterCompleteElements(decoder, emptyList<Any>(), text.encodeToByteArray(), 0, "input '$text'")
        }
    }

    @Test
    fun `every decoder decodes the flat and events shapes, and those that cannot do upload say why`() {
        val labelsByShape = decoders.groupBy({ it.first.id }, { it.second.label })
        assertThat(labelsByShape["flat"]).containsExactlyElementsOf(StreamingDecoders.labels)
        assertThat(labelsByShape["events"]).containsExactlyElementsOf(StreamingDecoders.labels)
        val notOnUpload = listOf("jackson/token-loop", "fastjson2/mapper", "fastjson2/reader")
        assertThat(labelsByShape["upload"]).containsExactlyElementsOf(StreamingDecoders.labels - notOnUpload.toSet())
        val upload = TestShapes.all.single { it.id == "upload" }
        val reasons = notOnUpload.map { label ->
            val entry = StreamingDecoders.byLabel(label)
            (entry.support(codecs.getValue(entry.codec), upload) as DecoderSupport.Unsupported).reason
        }
        assertThat(reasons[0]).isEqualTo("no hand-written token loop for shape upload")
        assertThat(reasons.drop(1)).allSatisfy {
            assertThat(
                it,
            ).startsWith(
                "reading UTF-8 bytes, the library fails on this shape's adversarial data, which it reads from a String: ",
            )
        }
    }

    @Test
    fun `a decoder needs an instance of its own codec`() {
        org.assertj.core.api.Assertions.assertThatThrownBy {
            StreamingDecoders.byLabel("gson/reader").support(codecs.getValue("moshi"), TestShapes.all.first())
        }
            .hasMessage("decoder gson/reader needs codec gson, got moshi")
    }

    @Test
    fun `the registry names each decoder once, and an unknown label fails with the valid ones`() {
        assertThat(
            StreamingDecoders.labels,
        ).contains(
            "kotlinx-json/sequence",
            "jackson/mapping-iterator",
            "jackson/token-loop",
            "gson/reader",
            "moshi/reader",
            "fastjson2/reader",
        )
        assertThat(StreamingDecoders.labels).doesNotHaveDuplicates()
        org.assertj.core.api.Assertions.assertThatThrownBy { StreamingDecoders.byLabel("yaml/reader") }
            .hasMessage("unknown decoder 'yaml/reader'; valid decoders: ${StreamingDecoders.labels.joinToString(", ")}")
    }

    private fun payload(decoder: StreamingDecoder<*>, shape: Shape<*>, objects: List<*>): ByteArray =
        encode(codecs.getValue(decoder.codec), shape, objects)

    private fun <T : Any> encode(codec: Codec, shape: Shape<T>, objects: List<*>): ByteArray {
        @Suppress("UNCHECKED_CAST")
        return codec.listCodec(shape).encode(objects as List<T>).toByteArray()
    }

    private fun assertSameAsMapper(decoder: StreamingDecoder<*>, shape: Shape<*>, objects: List<*>) {
        @Suppress("UNCHECKED_CAST")
        val lists = codecs.getValue(decoder.codec).listCodec(shape as Shape<Any>)

        @Suppress("UNCHECKED_CAST")
        val payload = lists.encode(objects as List<Any>)
        val expected = lists.decode(payload)
        assertThat(expected).isEqualTo(objects)
        val elements = decoder.open(ByteArrayInputStream(payload.toByteArray())).use { it.asSequence().toList() }
        assertThat(elements).`as` { "${decoder.label} on ${shape.id}, ${objects.size} elements" }.isEqualTo(expected)
    }

    private fun assertFailsAfterCompleteElements(
        decoder: StreamingDecoder<*>,
        objects: List<*>,
        bytes: ByteArray,
        complete: Int,
        what: String,
    ) {
        val handedOver = mutableListOf<Any>()
        val failure = try {
            decoder.open(ByteArrayInputStream(bytes)).use { elements ->
                elements.forEachRemainingElement {
                    handedOver +=
                        it
                }
            }
            null
        } catch (e: StreamDecodeException) {
            e
        }
        val description = "${decoder.label}, $what"
        assertThat(failure).`as` { "$description: expected a failure, got ${handedOver.size} elements" }.isNotNull()
        failure!!
        val expectedIndex = if (decoder.kind == StreamingDecoder.Kind.WHOLE_DOCUMENT) 0 else complete
        println("$description: ${failure.message}")
        assertThat(handedOver).`as` { description }.isEqualTo(objects.take(expectedIndex))
        assertThat(failure.elementIndex).`as` { description }.isEqualTo(expectedIndex)
        assertThat(failure.decoder).isEqualTo(decoder.label)
        assertThat(failure.bytesRead).`as` { description }.isBetween(0L, bytes.size.toLong())
        failure.byteOffset?.let { assertThat(it).`as` { description }.isBetween(0L, bytes.size.toLong()) }
        assertThat(failure.message).startsWith("${decoder.label}: failed at element $expectedIndex ")
        assertThat(failure.cause).isNotNull()
    }
}
