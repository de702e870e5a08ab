package serialbench.codec

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
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
import serialbench.codecs.Codecs
import serialbench.codecs.foryjson.ForyJsonCodec
import serialbench.codecs.kotlinxprotobuf.KotlinxProtobufCodec
import serialbench.codecs.protobuf.ProtobufCodec
import serialbench.data.Shape
import serialbench.data.TestShapes
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator

/** The shared correctness bar: every registered codec on every shape it supports, through the same tests. */
@Order(TestOrder.CODECS)
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CodecRoundTripTest {
    private val codecs = Codecs.ids.map { Codecs.create(it, threads = 2) }
    private val seed = TestDataGenerator.DEFAULT_SEED

    /** Every supported (codec, shape) pair. */
    fun supported(): List<Arguments> = codecs.flatMap { codec ->
        TestShapes.all.filter { codec.support(it) is ShapeSupport.Supported }.map { Arguments.of(codec, it) }
    }

    fun supportedAndSizes(): List<Arguments> = supported().flatMap { pair ->
        val shape = pair.get()[1] as Shape<*>
        listOf(0, 1, 10, largestSize(shape)).map { Arguments.of(*pair.get(), it) }
    }

    fun unsupported(): List<Arguments> = codecs.flatMap { codec ->
        TestShapes.all.filter { codec.support(it) is ShapeSupport.Unsupported }.map { Arguments.of(codec, it) }
    }

    @AfterAll
    fun close() = codecs.forEach { it.close() }

    @ParameterizedTest(name = "{0} on {1} at N = {2}", autoCloseArguments = false)
    @MethodSource("supportedAndSizes")
    fun `decoding an encoded list gives the list back`(codec: Codec, shape: Shape<*>, size: Int) {
        assertRoundTrips(codec, shape, shape.generate(seed, size))
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("supported")
    fun `adversarial strings and extreme numbers survive a round trip`(codec: Codec, shape: Shape<*>) {
        assertRoundTrips(codec, shape, shape.adversarial)
        // Repeated, so a splitting codec meets them at chunk boundaries too.
        assertRoundTrips(codec, shape, List(200) { shape.adversarial }.flatten())
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("supported")
    fun `encoding is deterministic`(codec: Codec, shape: Shape<*>) {
        assertDeterministic(codec, shape)
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false)
    @MethodSource("supported")
    fun `a truncated payload is refused, not decoded in part`(codec: Codec, shape: Shape<*>) {
        assertTruncatedRefused(codec, shape)
    }

    @ParameterizedTest(name = "{0} on {1}", autoCloseArguments = false, allowZeroInvocations = true)
    @MethodSource("unsupported")
    fun `an unsupported shape says why, and asking for its list codec fails naming codec and shape`(
        codec: Codec,
        shape: Shape<*>,
    ) {
        val reason = (codec.support(shape) as ShapeSupport.Unsupported).reason
        assertThat(reason).isNotBlank()
        assertThatThrownBy { codec.listCodec(shape) }
            .isInstanceOf(UnsupportedShapeException::class.java)
            .hasMessage("codec ${codec.id} does not support shape ${shape.id}: $reason")
    }

    @Test
    fun `the registry lists the stable ids and refuses an unknown one with the valid ids`() {
        assertThat(Codecs.ids).startsWith("kotlinx-json", "kotlinx-json-parallel", "kotlinx-cbor")
        assertThat(codecs.map { it.id }).isEqualTo(Codecs.ids)
        assertThatThrownBy { Codecs.create("yaml") }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("unknown codec id 'yaml'; valid ids: ${Codecs.ids.joinToString(", ")}")
    }

    @Test
    fun `every codec carries every shape, but where it needs a binding the shape does not have`() {
        val bindingNeeded = mapOf(
            ProtobufCodec.ID to ProtobufCodec.LISTS,
            KotlinxProtobufCodec.ID to KotlinxProtobufCodec.LISTS,
            ForyJsonCodec.ID to ForyJsonCodec.MIXINS,
        )
        for (codec in codecs) {
            assertThat(TestShapes.all).allSatisfy { shape ->
                val bound = bindingNeeded[codec.id]?.let { shape.extension(it) != null } ?: true
                val expected = if (bound) ShapeSupport.Supported::class.java else ShapeSupport.Unsupported::class.java
                assertThat(codec.support(shape)).`as` { "${codec.id} on ${shape.id}" }.isInstanceOf(expected)
            }
        }
    }

    @Test
    fun `each parallel codec's registration names the registered engine it drives`() {
        assertThat(Codecs.parallelPairs).containsExactly(
            "kotlinx-json-parallel" to "kotlinx-json",
            "fastjson2-parallel" to "fastjson2",
        )
        assertThat(Codecs.parallelPairs.flatMap { it.toList() }).allSatisfy { assertThat(Codecs.ids).contains(it) }
    }

    @Test
    fun `the parallel codecs write exactly what their single-threaded engines write, on every shape`() {
        for ((multi, single) in Codecs.parallelPairs) {
            val parallel = codecs.first { it.id == multi }
            val engine = codecs.first { it.id == single }
            for (shape in TestShapes.all) assertSameBytes(parallel, engine, shape)
        }
    }

    private companion object {
        /** JSON the parallel codecs split into several chunks, and quick to round-trip. */
        const val LARGEST_JSON_CHARS = 256 * 1024

        /** The largest list tested of [shape]: about [LARGEST_JSON_CHARS] of kotlinx JSON, 10 to 1,000 elements. */
        fun <T : Any> largestSize(shape: Shape<T>): Int {
            val sample = shape.generate(TestDataGenerator.DEFAULT_SEED, 10)
            val charsPerElement = Json.encodeToString(ListSerializer(shape.serializer), sample).length / 10
            return (LARGEST_JSON_CHARS / maxOf(1, charsPerElement)).coerceIn(10, 1000)
        }
    }

    private fun <T : Any> assertRoundTrips(codec: Codec, shape: Shape<T>, objects: List<*>) {
        val lists = codec.listCodec(shape)

        @Suppress("UNCHECKED_CAST")
        val typed = objects as List<T>
        assertThat(lists.decode(lists.encode(typed))).`as` {
            "${codec.id} on ${shape.id}, ${objects.size} objects"
        }.isEqualTo(objects)
    }

    private fun <T : Any> assertDeterministic(codec: Codec, shape: Shape<T>) {
        val lists = codec.listCodec(shape)
        val objects = shape.generate(seed, 20)
        assertThat(lists.encode(objects)).isEqualTo(lists.encode(objects))
    }

    private fun <T : Any> assertTruncatedRefused(codec: Codec, shape: Shape<T>) {
        val lists = codec.listCodec(shape)
        val payload = lists.encode(shape.generate(seed, 50))
        val truncated = when (payload) {
            is Payload.Text -> Payload.Text(payload.text.substring(0, payload.text.length * 2 / 3))
            is Payload.Binary -> Payload.Binary(payload.bytes.copyOf(payload.bytes.size * 2 / 3))
        }
        assertThatThrownBy {
            lists.decode(truncated)
        }.isInstanceOf(Exception::class.java).hasMessageNotContaining("null")
    }

    private fun <T : Any> assertSameBytes(parallel: Codec, engine: Codec, shape: Shape<T>) {
        for (size in listOf(0, 1, 10, 200)) {
            val objects = shape.generate(seed, size)
            assertThat(parallel.listCodec(shape).encode(objects)).`as` { "${parallel.id} on ${shape.id}, N = $size" }
                .isEqualTo(engine.listCodec(shape).encode(objects))
        }
    }
}
