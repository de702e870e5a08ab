package serialbench.documentset

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import kotlin.math.abs

@Order(TestOrder.UNIT)
class DocumentSetTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("documents")
    fun `each document is made from its seed alone, reads back to its value and has the size of its id`(id: String) {
        val document = DocumentSet.byId(id)
        val made = document.generate(SEED)
        assertThat(document.generate(SEED).text).describedAs("the same seed").isEqualTo(made.text)
        assertThat(document.generate(SEED + 1).text).describedAs("another seed").isNotEqualTo(made.text)
        assertThat(document.layout.json().decodeFromString(made.kind.serializer, made.text)).isEqualTo(made.value)
        if (made.kind.repeats) {
            assertThat(abs(made.bytes - document.targetBytes).toDouble() / document.targetBytes)
                .describedAs("${made.bytes} bytes for a target of ${document.targetBytes}")
                .isLessThan(SIZE_TOLERANCE)
        } else {
            assertThat(made.bytes).isBetween(document.targetBytes / 2, document.targetBytes * 2)
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documents")
    fun `each document is written in its layout`(id: String) {
        val document = DocumentSet.byId(id)
        val lines = document.generate(SEED).text.lines()
        when (document.layout) {
            Layout.COMPACT -> assertThat(lines).hasSize(1)
            Layout.TWO_SPACES -> assertThat(lines[1]).startsWith("  \"").doesNotStartWith("   ")
            Layout.FOUR_SPACES -> assertThat(lines[1]).startsWith("    \"").doesNotStartWith("     ")
            Layout.TABS -> assertThat(lines[1]).startsWith("\t\"")
        }
    }

    @Test
    fun `the set covers every layout, kind and mode, from a kilobyte to 20 MB`() {
        assertThat(DocumentSet.ALL.map { it.layout }.toSet()).containsExactlyInAnyOrder(*Layout.entries.toTypedArray())
        assertThat(DocumentSet.ALL.map { it.kind.id }.toSet())
            .containsExactlyInAnyOrder("timeline", "catalog", "settings", "columns", "card")
        assertThat(DocumentSet.ALL.minOf { it.targetBytes }).isEqualTo(1_000)
        assertThat(DocumentSet.ALL.maxOf { it.targetBytes }).isEqualTo(20_000_000)
        assertThat(DocumentSet.ids).doesNotHaveDuplicates()
    }

    @Test
    fun `an unknown id is refused with the known ones`() {
        val failure = runCatching { DocumentSet.byId("catalog-2mb") }.exceptionOrNull()
        assertThat(failure).isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageContaining("'catalog-2mb'").hasMessageContaining("catalog-20mb")
    }

    companion object {
        private const val SEED = 42L

        /** Records are whole: a document is off its target by less than a record's share. */
        private const val SIZE_TOLERANCE = 0.05

        @JvmStatic
        fun documents(): List<String> = DocumentSet.ids
    }
}
