package serialbench.robustness

import kotlinx.serialization.builtins.ListSerializer
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.listCodec
import serialbench.codecs.Codecs
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.flat.TestObject
import java.time.Duration

@Order(TestOrder.UNIT)
@Timeout(60)
class OutcomeTest {
    private val original = listOf(TestObject("a", 1, listOf("x", "y")), TestObject("b", 2, emptyList()))

    @Test
    fun `an exception is a refusal, an OutOfMemoryError and any other Error are told apart`() {
        assertThat(outcome { throw IllegalArgumentException("bad") }).isEqualTo(Outcome.REFUSED)
        assertThat(outcome { throw OutOfMemoryError("Java heap space") }).isEqualTo(Outcome.OUT_OF_MEMORY)
        assertThat(outcome { throw StackOverflowError() }).isEqualTo(Outcome.CRASHED)
    }

    @Test
    fun `an exception no decoder throws on purpose is a crash, not a refusal, and every thrown class is kept`() {
        val thrown = listOf(
            kotlinx.serialization.SerializationException("bad") to Outcome.REFUSED,
            java.io.IOException("bad") to Outcome.REFUSED,
            IllegalStateException("bad") to Outcome.REFUSED,
            NullPointerException() to Outcome.CRASHED,
            ClassCastException() to Outcome.CRASHED,
            ArrayIndexOutOfBoundsException(-1) to Outcome.CRASHED,
            StringIndexOutOfBoundsException(3) to Outcome.CRASHED,
            NegativeArraySizeException() to Outcome.CRASHED,
            StackOverflowError() to Outcome.CRASHED,
        )
        for ((exception, expected) in thrown) {
            val judged = judged { throw exception }
            assertThat(judged.outcome).describedAs(exception.javaClass.name).isEqualTo(expected)
            assertThat(judged.exceptionClass).isEqualTo(exception.javaClass.name)
        }
        assertThat(judged { original }.exceptionClass).isNull()
    }

    @Test
    fun `a decoded list is the same, different, of a wrong type or holding broken elements`() {
        assertThat(outcome { original.toList() }).isEqualTo(Outcome.SAME_LIST)
        assertThat(outcome { original.take(1) }).isEqualTo(Outcome.DIFFERENT_LIST)
        assertThat(outcome { listOf(Duration.ofSeconds(1)) }).isEqualTo(Outcome.WRONG_TYPE)
        assertThat(outcome { listOf(original[0], null) }).isEqualTo(Outcome.WRONG_TYPE)
        assertThat(outcome { listOf(TestObject("a", 1, listOf<Any?>("x", null).unchecked())) })
            .isEqualTo(Outcome.BROKEN_ELEMENT)
        assertThat(outcome { listOf(TestObject("a", 1, listOf<Any?>(Duration.ZERO).unchecked())) })
            .isEqualTo(Outcome.BROKEN_ELEMENT)
    }

    @Test
    fun `Gson's object built without its missing fields is a broken element`() {
        val gson = Codecs.create("gson").listCodec(Shapes.FLAT)
        assertThat(Outcome.of(gson, Shapes.FLAT, original, "[{}]".encodeToByteArray()))
            .isEqualTo(Outcome.BROKEN_ELEMENT)
        assertThat(
            Outcome.of(gson, Shapes.FLAT, original, "[{\"name\":".encodeToByteArray()),
        ).isEqualTo(Outcome.REFUSED)
    }

    @Test
    fun `the declared types of a valid element hold, on every shape`() {
        assertThat(DeclaredTypes.violation(TestObject.serializer(), original[0])).isNull()
        for (shape in Shapes.all) {
            assertThat(
                DeclaredTypes.violation(
                    ListSerializer(shape.serializer),
                    shape.generate(TestDataGenerator.DEFAULT_SEED, 5),
                ),
            )
                .`as` { shape.id }.isNull()
            assertThat(DeclaredTypes.violation(ListSerializer(shape.serializer), shape.adversarial)).`as` {
                shape.id
            }.isNull()
        }
        assertThat(DeclaredTypes.violation(TestObject.serializer(), TestObject("a", 1, listOf<Any?>(null).unchecked())))
            .startsWith("NullPointerException")
    }

    private fun outcome(decode: () -> List<*>): Outcome = judged(decode).outcome

    private fun judged(decode: () -> List<*>): Judged {
        val codec = object : ListCodec<TestObject> {
            override fun encode(objects: List<TestObject>): Payload = error("not used")

            @Suppress("UNCHECKED_CAST")
            override fun decode(payload: Payload): List<TestObject> = decode() as List<TestObject>
        }
        return Outcome.judge(codec, Shapes.FLAT, original, ByteArray(0))
    }

    @Suppress("UNCHECKED_CAST")
    private fun List<Any?>.unchecked(): List<String> = this as List<String>
}
