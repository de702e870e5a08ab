package serialbench.parallel

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records
import java.util.concurrent.atomic.AtomicInteger

/**
 * A public engine that writes a list's elements between the brackets ([JsonListEngine.encodeElements]) has each chunk
 * written so, and one that does not has its chunks cut out of their arrays: the same text either way.
 */
@Timeout(60)
class ParallelJsonListElementsTest {
    private val objects = Records.generate(300) + List(10) { Records.adversarial }.flatten()

    /** kotlinx `Json` as a public engine, counting the calls of each way of writing. */
    private class CountingEngine(private val writesElements: Boolean) : JsonListEngine<Record> {
        private val serializer = ListSerializer(Record.serializer())
        val lists = AtomicInteger()
        val elements = AtomicInteger()

        override val name: String get() = "Json, counted"

        override fun encodeList(elements: List<Record>): String {
            lists.incrementAndGet()
            return Json.encodeToString(serializer, elements)
        }

        override fun decodeList(text: String): List<Record> = Json.decodeFromString(serializer, text)

        override fun encodeElements(elements: List<Record>): String? {
            if (!writesElements) return null
            this.elements.incrementAndGet()
            return elements.joinToString(",") { Json.encodeToString(Record.serializer(), it) }
        }
    }

    @ParameterizedTest(name = "elements written between brackets: {0}")
    @ValueSource(booleans = [true, false])
    fun `chunks are written as the engine's elements where it writes them, the whole text as the engine's`(
        writesElements: Boolean,
    ) {
        val engine = CountingEngine(writesElements)
        ParallelJson.builder().parallelism(3).minParallelChars(0).adaptiveSplit(false).lists(engine).use { lists ->
            for (size in listOf(2, 3, 10, objects.size)) {
                val expected = Json.encodeToString(ListSerializer(Record.serializer()), objects.take(size))
                assertThat(lists.encodeToString(objects.take(size))).isEqualTo(expected)
            }
            assertThat(lists.splits().encodedInChunks).isEqualTo(4L)
            if (writesElements) {
                assertThat(engine.elements.get()).describedAs("chunks written as elements").isGreaterThan(4)
                assertThat(engine.lists.get()).describedAs("arrays written: the first call's one-element estimate")
                    .isEqualTo(1)
            } else {
                assertThat(engine.elements.get()).isZero()
                assertThat(engine.lists.get()).describedAs("chunks cut out of arrays").isGreaterThan(4)
            }
        }
    }
}
