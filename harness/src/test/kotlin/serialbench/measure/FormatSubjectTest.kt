package serialbench.measure

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.StringFormat
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.modules.SerializersModule
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class FormatSubjectTest {
    private val serializer = ListSerializer(Int.serializer())
    private val value = listOf(1, 2, 3)
    private val text = Json.encodeToString(serializer, value)

    /** [Json] with what it writes or reads changed by [write] and [read]. */
    private fun altered(write: (String) -> String = { it }, read: (List<Int>) -> List<Int> = { it }) =
        object : StringFormat {
            override val serializersModule: SerializersModule get() = Json.serializersModule

            override fun <T> encodeToString(serializer: SerializationStrategy<T>, value: T): String =
                write(Json.encodeToString(serializer, value))

            @Suppress("UNCHECKED_CAST")
            override fun <T> decodeFromString(deserializer: DeserializationStrategy<T>, string: String): T =
                read(Json.decodeFromString(deserializer, string) as List<Int>) as T
        }

    @Test
    fun `a format that writes Json's text and reads its value is timed`() {
        val subject = FormatSubject(Json, serializer, value, text, "kotlinx-json on list")
        assertThat(subject.serialize()).isEqualTo(text)
        assertThat(subject.deserialize()).isEqualTo(value)
        assertThat(subject.payloadBytes).isEqualTo(text.length)
    }

    @Test
    fun `another text fails naming the subject and the first differing character`() {
        val subject = FormatSubject(altered(write = { it.replace("2", "7") }), serializer, value, text, "x on list")
        val failure = runCatching { subject.serialize() }.exceptionOrNull()
        assertThat(failure).isInstanceOf(IllegalStateException::class.java)
            .hasMessage(
                "x on list: the text written differs from kotlinx Json's at character 3 (7 characters written, 7 expected)",
            )
    }

    @Test
    fun `another value fails naming the subject`() {
        val subject = FormatSubject(altered(read = { it.drop(1) }), serializer, value, text, "x on list")
        val failure = runCatching { subject.deserialize() }.exceptionOrNull()
        assertThat(failure).isInstanceOf(IllegalStateException::class.java)
            .hasMessageStartingWith("x on list: reading the text gave another value")
    }
}
