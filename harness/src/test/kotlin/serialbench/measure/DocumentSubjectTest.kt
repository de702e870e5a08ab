package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.codec.DocumentCodec
import serialbench.codec.Payload

@Order(TestOrder.UNIT)
class DocumentSubjectTest {
    private val value = listOf(1, 2, 3)

    /** The document as kotlinx `Json` writes it, indented: not what [codec] writes. */
    private val text = "[\n  1,\n  2,\n  3\n]"

    /** A library writing its own compact text, whose reading is changed by [read] and writing by [write]. */
    private fun codec(write: (String) -> String = { it }, read: (List<Int>) -> List<Int> = { it }) =
        object : DocumentCodec<List<Int>> {
            override fun encodeDocument(document: List<Int>): Payload =
                Payload.Text(write(document.joinToString(",", "[", "]")))

            override fun decodeDocument(payload: Payload): List<Int> = read(
                payload.toText().filter { !it.isWhitespace() }.removeSurrounding("[", "]").split(',')
                    .filter { it.isNotEmpty() }.map { it.toInt() },
            )
        }

    @Test
    fun `a library that reads the document's value and reads back its own text is timed, in its own layout`() {
        val subject = DocumentSubject(codec(), value, text, "fastjson2 on list/class")
        assertThat(subject.serialize()).isEqualTo(Payload.Text("[1,2,3]"))
        assertThat(subject.deserialize()).isEqualTo(value)
        assertThat(subject.payloadBytes).isEqualTo(text.length)
    }

    @Test
    fun `a text written that reads back as another value fails naming the subject`() {
        val subject = DocumentSubject(codec(write = { it.replace("2", "7") }), value, text, "x on list/class")
        val failure = runCatching { subject.serialize() }.exceptionOrNull()
        assertThat(failure).isInstanceOf(IllegalStateException::class.java)
            .hasMessage(
                "x on list/class: the text written (7 bytes) reads back as another value than the one it was " +
                    "written from",
            )
    }

    @Test
    fun `reading the document as another value fails naming the subject`() {
        val subject = DocumentSubject(codec(read = { it.drop(1) }), value, text, "x on list/class")
        val failure = runCatching { subject.deserialize() }.exceptionOrNull()
        assertThat(failure).isInstanceOf(IllegalStateException::class.java)
            .hasMessageStartingWith("x on list/class: reading the text gave another value")
    }
}
