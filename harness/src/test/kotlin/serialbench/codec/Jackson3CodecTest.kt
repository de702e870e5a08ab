package serialbench.codec

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.codecs.jackson.JacksonCodec
import serialbench.codecs.jackson3.Jackson3Codec
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestObject

/**
 * `jackson3` beside `jackson` on bad input: refused by both, or decoded by both to the same list; the one difference
 * kept is Jackson 3's stricter default on a missing primitive.
 */
@Order(TestOrder.CODECS)
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Jackson3CodecTest {
    private val jackson2 = Codecs.create(JacksonCodec.ID)
    private val jackson3 = Codecs.create(Jackson3Codec.ID)

    @AfterAll
    fun close() {
        jackson2.close()
        jackson3.close()
    }

    @ParameterizedTest(name = "input {index}: {0}")
    @ValueSource(
        strings = [
            """[{"name":"a","value":1,"items":["x"]}]""",
            """[{"name":"a","value":1,"items":["x"]}] [1]""",
            """[{"name":"a","value":1,"items":["x"]}]]""",
            """[{"name":"a","value":1,"items":["x"],"extra":2}]""",
            """[{"name":"a","value":1,"items":["x"]}""",
            """[{"value":1,"items":["x"]}]""",
            """[{"name":null,"value":1,"items":["x"]}]""",
            """[{"name":"a","value":"1","items":["x"]}]""",
            """[{"name":"a","value":1.5,"items":["x"]}]""",
            """[{"name":"a","value":1,"items":"x"}]""",
            """[null]""",
            """[1]""",
            """{}""",
            """null""",
            "",
        ],
    )
    fun `Jackson 3 refuses what Jackson 2 refuses and decodes the rest to the same list`(json: String) {
        assertThat(outcome(jackson3, json)).`as` { "jackson3 on $json" }.isEqualTo(outcome(jackson2, json))
    }

    @Test
    fun `a missing primitive property is refused by Jackson 3, where Jackson 2 reads it as 0`() {
        // FAIL_ON_NULL_FOR_PRIMITIVES is on by default in Jackson 3 and off in Jackson 2; the stricter default is kept.
        val json = """[{"name":"a","items":["x"]}]"""
        assertThat(outcome(jackson2, json)).isEqualTo(listOf(TestObject("a", 0, listOf("x"))))
        assertThatThrownBy { jackson3.listCodec(Shapes.FLAT).decode(Payload.Text(json)) }
            .hasMessageStartingWith("Missing required creator property 'value'")
    }

    private fun outcome(codec: Codec, json: String): Any = try {
        codec.listCodec(Shapes.FLAT).decode(Payload.Text(json))
    } catch (e: Exception) {
        "refused"
    }
}
