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
import serialbench.data.AdversarialData
import serialbench.data.TestDataGenerator
import serialbench.model.TestObject

/** The shared correctness bar: every registered codec, through the same tests. */
@Order(TestOrder.CODECS)
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CodecRoundTripTest {
    private val codecs = Codecs.ids.map { Codecs.create(it, threads = 2) }
    private val generator = TestDataGenerator()

    fun codecs() = codecs

    fun codecsAndSizes(): List<Arguments> = codecs.flatMap { codec -> listOf(0, 1, 10, 1000).map { Arguments.of(codec, it) } }

    @AfterAll
    fun close() = codecs.forEach { it.close() }

    @ParameterizedTest(name = "{0} at N = {1}", autoCloseArguments = false)
    @MethodSource("codecsAndSizes")
    fun `decoding an encoded list gives the list back`(codec: Codec, size: Int) {
        assertRoundTrips(codec, generator.objects(size))
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("codecs")
    fun `adversarial strings and extreme numbers survive a round trip`(codec: Codec) {
        assertRoundTrips(codec, AdversarialData.objects)
        // Repeated, so a splitting codec meets them at chunk boundaries too.
        assertRoundTrips(codec, List(200) { AdversarialData.objects }.flatten())
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("codecs")
    fun `encoding is deterministic`(codec: Codec) {
        val objects = generator.objects(100)
        assertThat(codec.encode(objects)).isEqualTo(codec.encode(objects))
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("codecs")
    fun `a truncated payload is refused, not decoded in part`(codec: Codec) {
        val payload = codec.encode(generator.objects(50))
        val truncated = when (payload) {
            is Payload.Text -> Payload.Text(payload.text.substring(0, payload.text.length * 2 / 3))
            is Payload.Binary -> Payload.Binary(payload.bytes.copyOf(payload.bytes.size * 2 / 3))
        }
        assertThatThrownBy { codec.decode(truncated) }.isInstanceOf(Exception::class.java).hasMessageNotContaining("null")
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
    fun `the parallel codec writes exactly what the single-threaded one writes`() {
        val single = codecs.first { it.id == KotlinxJsonCodec.ID }
        val parallel = codecs.first { it.id == ParallelJsonCodec.ID }
        for (size in listOf(0, 1, 10, 1000)) {
            val objects = generator.objects(size)
            assertThat(parallel.encode(objects)).isEqualTo(single.encode(objects))
        }
    }

    private fun assertRoundTrips(codec: Codec, objects: List<TestObject>) {
        val payload = codec.encode(objects)
        assertThat(codec.decode(payload)).`as` { "${codec.id}, ${objects.size} objects" }.isEqualTo(objects)
    }
}
