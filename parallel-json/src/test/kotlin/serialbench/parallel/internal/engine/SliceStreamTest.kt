package serialbench.parallel.internal.engine

import kotlinx.serialization.ContextualSerializer
import kotlinx.serialization.PolymorphicSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource

class SliceStreamTest {
    private fun run(chars: Int, filler: String) = "x".repeat(3) + filler.repeat(chars / filler.length + 1) + "yyy"

    @ParameterizedTest(name = "a run of {0} chars reads as the UTF-8 of its copy between brackets")
    @ValueSource(ints = [0, 1, 8191, 8192, 8193, 40_000])
    fun `a run reads as the UTF-8 of its copy between brackets, whatever its chars and where blocks end`(chars: Int) {
        for (filler in listOf("a,", "é\"", "日本", "\uD83D\uDE00", "a\uD83D\uDE00")) {
            val text = run(chars, filler)
            val from = 3
            val to = text.length - 3
            val read = SliceStream(text, from, to, '[', ']').readBytes()
            assertThat(read).describedAs(filler).isEqualTo("[${text.substring(from, to)}]".toByteArray())
            val oneByOne = SliceStream(text, from, to, '{', '}').let { stream ->
                generateSequence { stream.read().takeIf { it >= 0 }?.toByte() }.toList().toByteArray()
            }
            assertThat(oneByOne).isEqualTo("{${text.substring(from, to)}}".toByteArray())
        }
    }

    @ParameterizedTest(name = "an unpaired surrogate at {0} is refused, not carried as a replacement")
    @ValueSource(ints = [0, 5, 8191, 8192, 9000])
    fun `an unpaired surrogate is refused, not carried as a replacement`(at: Int) {
        for (surrogate in listOf('\uD83D', '\uDE00')) {
            val text = "a".repeat(at) + surrogate + "b".repeat(10)
            assertThatThrownBy { SliceStream(text, 0, text.length, '[', ']').readBytes() }
                .isSameAs(SliceStream.UnpairedSurrogate)
        }
        val endsHigh = "a".repeat(at) + '\uD83D'
        assertThatThrownBy { SliceStream(endsHigh, 0, endsHigh.length, '[', ']').readBytes() }
            .isSameAs(SliceStream.UnpairedSurrogate)
    }

    @ParameterizedTest(
        name = "slices of {0} strings read in place as from a copy, and one with a lone surrogate from a copy",
    )
    @ValueSource(ints = [1, 3_000])
    fun `an engine reads a slice in place as from its copy, and from a copy where UTF-8 cannot carry it`(count: Int) {
        val engine = KotlinxJsonListEngine(Json, String.serializer())
        val values = (0 until count).map { "v$it é \uD83D\uDE00" }
        val text = Json.encodeToString(values)
        assertThat(engine.decodeSlice(text, 1, text.length - 1)).isEqualTo(values)
        assertThat(engine.slices.copied).isZero()
        val lone = Json.encodeToString(values + "lone \uD83D")
        assertThat(lone).contains("\uD83D\"")
        assertThat(engine.decodeSlice(lone, 1, lone.length - 1)).isEqualTo(values + "lone \uD83D")
        assertThat(engine.slices.copied).isEqualTo(1)
        val map = KotlinxJsonMapEngine(Json, String.serializer(), Int.serializer())
        val members = "{\"a\":1,\"b\":2,\"a\":3,\"c\uD83D\":4}"
        val from = members.indexOf(',') + 1
        val copy = "{" + members.substring(from, members.length - 1) + "}"
        val expected = Json.decodeFromString(MapSerializer(String.serializer(), Int.serializer()), copy)
        assertThat(map.decodeSlice(members, from, members.length - 1).map { it.key to it.value })
            .isEqualTo(expected.map { it.key to it.value })
        assertThat(map.slices.copied).isEqualTo(1)
    }

    @ParameterizedTest(name = "a broken slice fails as its copy does: {0}")
    @ValueSource(strings = ["\"a\",\"b", "\"a\",,\"b\"", "\"a\" \"b\""])
    fun `a broken slice fails as its copy does`(run: String) {
        val engine = KotlinxJsonListEngine(Json, String.serializer())
        val text = "[$run]"
        val copied = runCatching { Json.decodeFromString<List<String>>(text) }.exceptionOrNull()
        val inPlace = runCatching { engine.decodeSlice(text, 1, text.length - 1) }.exceptionOrNull()
        assertThat(copied).isNotNull
        assertThat(inPlace).isInstanceOf(copied!!.javaClass)
    }

    @Test
    fun `values that may be polymorphic are read from a copy, where kotlinx reads a string otherwise than a stream`() {
        assertThat(readsAlikeFromStream(ListSerializer(String.serializer()).descriptor)).isTrue
        assertThat(readsAlikeFromStream(ListSerializer(JsonElement.serializer()).descriptor))
            .describedAs("a JsonElement's descriptor is a sealed one").isFalse
        assertThat(readsAlikeFromStream(ListSerializer(PolymorphicSerializer(Any::class)).descriptor)).isFalse
        val nested = MapSerializer(String.serializer(), ListSerializer(ContextualSerializer(Any::class)))
        assertThat(readsAlikeFromStream(nested.descriptor)).isFalse
    }
}
