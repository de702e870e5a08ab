package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class RobustnessTableTest {
    private val robustness = ReportFixtures.robustness

    @Test
    fun `renders the method, the columns' meaning, one row per codec, shape and input, and the severe cases`() {
        assertThat(buildString { RobustnessTable.render(this, robustness) }).isEqualTo(
            """
            |## Robustness
            |
            |What each codec does with a payload it did not make for the list it decodes. Each codec encodes 3 elements of each shape (seed 7), then decodes in place of that payload: its truncations (every cut, or 1,000 seeded cuts including every cut right after an element), its single-bit flips (every bit, or 1,000 seeded; fewer of both where they would decode more than 128 MiB of payload), and foreign payloads (every other codec's payload of the same list where it differs, 16 random byte strings, half of them starting with the codec's own first bytes, and the empty payload). Payloads are handed over as bytes; codecs that read text decode them as UTF-8, invalid sequences becoming U+FFFD. Each decode runs on a thread of its own with a timeout of 5,000 ms; after 2 hangs the rest of that codec's cases on that shape are not run.
            |
            |- **Refused**: decoding threw an exception (the classes thrown are in the results file, `refusedWith`).
            |- **Same list**: decoded to the original list: the damage changed nothing the data holds (harmless).
            |- **Different list**: decoded without an error to valid elements that differ from the original: silent corruption. A flip inside a string or a number usually lands here: no format here carries a checksum.
            |- **Wrong type**: a null, or an object of another class, in place of an element (the codec contract forbids it).
            |- **Broken element**: an element of the right class holding a null or an object of another class where its Kotlin type forbids it (found by walking it with its kotlinx serializer).
            |- **Hang**: no result within the timeout. **Out of memory**: `OutOfMemoryError`. **Crashed**: another `Error`, or an exception no decoder throws on purpose (`NullPointerException`, `ClassCastException`, an index out of bounds...): a bug the payload found, not a check that refused it.
            |
            || Codec          | Shape  | Input     |          Cases | Refused | Same list | Different list | Wrong type | Broken element | Hang | Out of memory | Crashed |
            ||:---------------|:-------|:----------|---------------:|--------:|----------:|---------------:|-----------:|---------------:|-----:|--------------:|--------:|
            || `kotlinx-json` | `flat` | truncated |          1,000 |   1,000 |         0 |              0 |          0 |              0 |    0 |             0 |       0 |
            || `gson`         | `flat` | bit flip  |          1,000 |     179 |         0 |            812 |          0 |              9 |    0 |             0 |       0 |
            || `fory`         | `flat` | foreign   | 20 (9 not run) |      18 |         0 |              0 |          0 |              0 |    2 |             0 |       0 |
            || `moshi`        | `flat` | bit flip  |          1,000 |     250 |         0 |            750 |          0 |              0 |    0 |             0 |       0 |
            |
            |Cases worth a look (the first of each row, the most severe first):
            |
            |- `gson`, `flat`, bit flip: bit 6 of byte 6 of 4,038: broken element; bit 6 of byte 9 of 4,038: different list
            |- `fory`, `flat`, foreign: 17 random bytes: hang; 30 random bytes: hang
            |
            |
            """.trimMargin(),
        )
    }

    @Test
    fun `a run without robustness cases renders nothing, and the report places the section after the cold starts`() {
        assertThat(buildString { RobustnessTable.render(this, null) }).isEmpty()
        val report = MarkdownReport.render(ReportFixtures.results.copy(robustness = robustness))
        assertThat(report).contains("\n## Robustness\n")
        assertThat(report.indexOf("## Robustness")).isGreaterThan(report.indexOf("## Cold start"))
        assertThat(MarkdownReport.render(ReportFixtures.results)).doesNotContain("## Robustness")
    }
}
