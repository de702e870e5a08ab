package serialbench.report

import serialbench.results.RobustnessResults
import serialbench.results.RobustnessRow

/** What every codec did with damaged and foreign payloads: one row per codec, shape and kind of input. */
internal object RobustnessTable {
    fun render(out: StringBuilder, robustness: RobustnessResults?) {
        if (robustness == null || robustness.rows.isEmpty()) return
        with(out) {
            appendLine("## Robustness")
            appendLine()
            val runLimit = if (robustness.maxHangsPerRun > 0) {
                ", and after ${robustness.maxHangsPerRun} in the whole run no more case is."
            } else {
                "."
            }
            appendLine(
                "What each codec does with a payload it did not make for the list it decodes. Each codec encodes " +
                    "${Units.count(robustness.elements)} elements of each shape (seed ${robustness.seed}), " +
                    "then decodes in place of that payload: its truncations (every cut, or " +
                    "${Units.count(robustness.casesPerInput)} seeded cuts including every cut right after an " +
                    "element), its single-bit flips (every bit, or ${Units.count(robustness.casesPerInput)} seeded" +
                    fewerForLarge(robustness) + "), and foreign payloads (every other codec's payload of the same " +
                    "list where it differs, ${robustness.randomPayloads} random byte strings, half of them starting " +
                    "with the codec's own first bytes, and the empty payload). Payloads are handed over as bytes; " +
                    "codecs that read text decode them as UTF-8, invalid sequences becoming U+FFFD. Each decode " +
                    "runs on a thread of its own with a timeout of " +
                    "${Units.count(robustness.caseTimeoutMillis.toInt())} ms; after ${robustness.maxHangs} hangs " +
                    "the rest of that codec's cases on that shape are not run" + runLimit,
            )
            appendLine()
            appendLine(
                "- **Refused**: decoding threw an exception (the classes thrown are in the results file, " +
                    "`refusedWith`).",
            )
            appendLine(
                "- **Same list**: decoded to the original list: the damage changed nothing the data holds (harmless).",
            )
            appendLine(
                "- **Different list**: decoded without an error to valid elements that differ from the " +
                    "original: silent corruption. A flip inside a string or a number usually lands here: no " +
                    "format here carries a checksum.",
            )
            appendLine(
                "- **Wrong type**: a null, or an object of another class, in place of an element (the codec " +
                    "contract forbids it).",
            )
            appendLine(
                "- **Broken element**: an element of the right class holding a null or an object of another " +
                    "class where its Kotlin type forbids it (found by walking it with its kotlinx serializer).",
            )
            appendLine(
                "- **Hang**: no result within the timeout. **Out of memory**: `OutOfMemoryError`. " +
                    "**Crashed**: another `Error`, or an exception no decoder throws on purpose " +
                    "(`NullPointerException`, `ClassCastException`, an index out of bounds...): a bug the " +
                    "payload found, not a check that refused it.",
            )
            appendLine()
            val table = MarkdownTable(
                listOf(
                    left("Codec"), left("Shape"), left("Input"), right("Cases"), right("Refused"), right("Same list"),
                    right("Different list"), right("Wrong type"), right("Broken element"), right("Hang"),
                    right("Out of memory"), right("Crashed"),
                ),
            )
            for (row in robustness.rows) {
                table.row(
                    "`${row.codec}`",
                    "`${row.shape}`",
                    row.input.displayName,
                    Units.count(row.cases) + if (row.notRun > 0) " (${Units.count(row.notRun)} not run)" else "",
                    Units.count(row.refused),
                    Units.count(row.sameList),
                    Units.count(row.differentList),
                    Units.count(row.wrongType),
                    Units.count(row.brokenElement),
                    Units.count(row.hang),
                    Units.count(row.outOfMemory),
                    Units.count(row.crashed) + crashedWith(row),
                )
            }
            table.appendTo(this)
            val severe = robustness.rows.filter { it.isSevere() && it.examples.isNotEmpty() }
            if (severe.isNotEmpty()) {
                appendLine("Cases worth a look (the first of each row, the most severe first):")
                appendLine()
                for (row in severe) {
                    appendLine(
                        "- `${row.codec}`, `${row.shape}`, ${row.input.displayName}: " +
                            row.examples.joinToString("; "),
                    )
                }
                appendLine()
            }
        }
    }

    private fun fewerForLarge(robustness: RobustnessResults): String = if (robustness.maxBytesPerInput <= 0) {
        ""
    } else {
        "; fewer of both where they would decode more than " +
            "${Units.bytes(robustness.maxBytesPerInput)} of payload"
    }

    /** What the crashed cases threw, by simple class name: ` (NullPointerException 3)`. */
    private fun crashedWith(row: RobustnessRow): String = if (row.crashedWith.isEmpty()) {
        ""
    } else {
        row.crashedWith.entries.joinToString(", ", " (", ")") { (name, count) ->
            "${name.substringAfterLast('.')} $count"
        }
    }

    private fun RobustnessRow.isSevere(): Boolean = wrongType + brokenElement + hang + outOfMemory + crashed > 0
}
