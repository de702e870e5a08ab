package serialbench.data

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.shapes.flat.AdversarialData
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.flat.TestObject

@Order(TestOrder.UNIT)
class TestDataGeneratorTest {
    @Test
    fun `objects have the seed workload's shape`() {
        val objects = TestDataGenerator().objects(3)
        assertThat(objects).hasSize(3).allSatisfy { obj ->
            assertThat(obj.name).hasSize(5)
            assertThat(obj.items).hasSize(100).allSatisfy { assertThat(it).hasSize(10).matches("[A-Za-z0-9]+") }
        }
    }

    @Test
    fun `the same seed gives the same objects and different seeds different ones`() {
        assertThat(TestDataGenerator(7).objects(50)).isEqualTo(TestDataGenerator(7).objects(50))
        assertThat(TestDataGenerator(7).objects(50)).isNotEqualTo(TestDataGenerator(8).objects(50))
        assertThat(TestDataGenerator(7).objects(10)).isEqualTo(TestDataGenerator(7).objects(50).take(10))
    }

    @Test
    fun `the default seed gives the same bytes on every machine`() {
        val first = TestDataGenerator().objects(1).single()
        // Pinned: a change here changes every published payload size and timing.
        assertThat(first.name).isEqualTo(PINNED_NAME)
        assertThat(first.value).isEqualTo(PINNED_VALUE)
        val json = Json.encodeToString(ListSerializer(TestObject.serializer()), TestDataGenerator().objects(1000))
        assertThat(json.length).isEqualTo(PINNED_CHARS_AT_1000)
    }

    @Test
    fun `adversarial data holds what breaks naive codecs`() {
        val strings = AdversarialData.objects.flatMap { it.items + it.name }
        assertThat(strings).contains("", "\"", "\\", "/", "},{", "\u0000")
        assertThat(strings).anyMatch { s -> s.any { it.isSurrogate() } }
        assertThat(strings).anyMatch { s -> s.any { it in '\u0400'..'\u04FF' } }
        assertThat(AdversarialData.objects.map { it.value }).contains(Int.MIN_VALUE, Int.MAX_VALUE)
        assertThat(AdversarialData.objects).anyMatch { it.items.isEmpty() }
    }

    private companion object {
        const val PINNED_NAME = "RLkT8"
        const val PINNED_VALUE = 465633294
        const val PINNED_CHARS_AT_1000 = 1_345_992
    }
}
